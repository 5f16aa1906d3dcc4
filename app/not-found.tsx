import { AppLink } from "@/components/ui/app-link";

/** An address outside the console's pages (the console's own not-found page is inside its layout). */
export default function NotFound() {
  return (
    <main className="mx-auto max-w-2xl space-y-4 px-4 py-16">
      <h1 className="text-2xl font-semibold tracking-tight">Not found</h1>
      <p className="text-slate-700">There is nothing at this address.</p>
      <AppLink href="/" className="text-brand-700 underline underline-offset-2">
        Go to the console
      </AppLink>
    </main>
  );
}
