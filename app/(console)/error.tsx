"use client";

import { Button } from "@/components/ui/button";

/**
 * A page that failed on the server, inside the console's layout: the details stay in the server's
 * log (the digest matches its line), and the operator can try again.
 */
export default function ConsoleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">This page failed</h1>
      <p className="text-slate-700">
        Something went wrong on the server while preparing it.
        {error.digest ? ` Quote reference ${error.digest} when you report it.` : ""}
      </p>
      <Button onClick={reset}>Try again</Button>
    </div>
  );
}
