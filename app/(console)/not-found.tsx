import { AppLink } from "@/components/ui/app-link";

/** A page or record that does not exist, inside the console's layout, with its navigation. */
export default function ConsoleNotFound() {
  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Not found</h1>
      <p className="text-slate-700">
        There is nothing at this address. It may have been mistyped, or what it named is gone.
      </p>
      <AppLink href="/" className="text-brand-700 underline underline-offset-2">
        Go to your start page
      </AppLink>
    </div>
  );
}
