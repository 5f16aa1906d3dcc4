import { getEnv } from "@/lib/env";

export const dynamic = "force-dynamic";

export default function HomePage() {
  const { chatApi } = getEnv();
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-3xl font-semibold tracking-tight">Moderator Console</h1>
      <p className="mt-3 text-slate-600">
        Look up chat users, edit the tags of their conversations, block users on their behalf, and read exactly what the
        chat API answered.
      </p>
      <section aria-labelledby="chat-api-heading" className="mt-10 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="chat-api-heading" className="text-lg font-medium">
          Chat API
        </h2>
        <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="font-medium text-slate-700">Mode</dt>
          <dd>{chatApi.mode === "embedded" ? "Embedded service (works offline)" : "Hosted service"}</dd>
          <dt className="font-medium text-slate-700">Base URL</dt>
          <dd className="font-mono break-all">{chatApi.mode === "embedded" ? "/v3 on this console" : chatApi.baseUrl}</dd>
        </dl>
      </section>
    </main>
  );
}
