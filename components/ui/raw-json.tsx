import { boundJson } from "@/lib/security/bounded-json";

/**
 * The chat service's answer as it came, for fields the console does not show on its own; bounded
 * in depth and size whatever reaches it, so that no record can stop a page from rendering.
 */
export function RawJson({ value, summary = "Raw response" }: { value: unknown; summary?: string }) {
  return (
    <details className="mt-3 rounded-md border border-slate-200 bg-slate-50">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">{summary}</summary>
      <pre className="max-h-96 overflow-auto px-3 pb-3 text-xs leading-relaxed text-slate-800">
        {JSON.stringify(boundJson(value), null, 2)}
      </pre>
    </details>
  );
}
