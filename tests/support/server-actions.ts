import { readFileSync } from "node:fs";
import path from "node:path";

/** The id Next.js gave a server action, from the build's manifest: what a forger would send. */
export function serverActionId(exportedName: string): string {
  const manifest = JSON.parse(readFileSync(path.join(".next", "server", "server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { exportedName?: string }>;
  };
  const entry = Object.entries(manifest.node).find(([, action]) => action.exportedName === exportedName);
  if (!entry) throw new Error(`No server action named ${exportedName} in the build`);
  return entry[0];
}
