import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * What reaches the browser: every module a client component imports, at any depth (a server action's
 * module excepted: the browser gets a reference to it, not its code). Lint checks each file's own
 * imports; this follows them, so that a helper of lib/ that imports classic zod is caught the day a
 * component imports the helper. The packages below took a page past its 150 KiB of JavaScript, and
 * zod's mini build (~20 KiB gzip) comes only with a form's first use, by dynamic import.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const HEAVY = [
  { test: (name: string) => name === "zod" || (name.startsWith("zod/") && name !== "zod/mini"), what: "classic zod" },
  { test: (name: string) => name === "react-hook-form" || name.startsWith("@hookform/"), what: "react-hook-form" },
];
/** The one module that may import zod's mini build, which sets it up for the CSP first. */
const ZOD_HOME = "lib/validation/zod.ts";

const directive = (source: string) =>
  /^\s*(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/\s*)*["']use (client|server)["']/.exec(source)?.[1];

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".test.ts")) yield full;
  }
}

/** The specifiers a module imports for its code (type-only imports bring none); with `dynamic`, import()s too. */
function importsOf(source: string, dynamic: boolean): string[] {
  const found: string[] = [];
  const statement = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']/g;
  for (const match of source.matchAll(statement)) if (!match[1]) found.push(match[2]!);
  if (dynamic) for (const match of source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) found.push(match[1]!);
  return found;
}

function resolve(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@/")
    ? path.join(ROOT, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

/** Every package import reached from the client components, with the chain that reaches it. */
function clientGraph({ dynamic }: { dynamic: boolean }) {
  const starts = ["app", "components", "lib"].flatMap((dir) =>
    [...sourceFiles(path.join(ROOT, dir))].filter((file) => directive(readFileSync(file, "utf8")) === "client"),
  );
  const via = new Map<string, string | null>(starts.map((file) => [file, null]));
  const packages: { name: string; file: string }[] = [];
  const queue = [...starts];
  while (queue.length > 0) {
    const file = queue.shift()!;
    const source = readFileSync(file, "utf8");
    if (directive(source) === "server") continue;
    for (const specifier of importsOf(source, dynamic)) {
      const target = resolve(file, specifier);
      if (target === undefined) {
        if (!specifier.startsWith(".") && !specifier.startsWith("@/")) packages.push({ name: specifier, file });
      } else if (!via.has(target)) {
        via.set(target, file);
        queue.push(target);
      }
    }
  }
  const chain = (file: string) => {
    const links: string[] = [];
    for (let at: string | null | undefined = file; at; at = via.get(at)) links.unshift(path.relative(ROOT, at));
    return links.join(" → ");
  };
  return { starts, packages, chain };
}

describe("the browser's share of the code", () => {
  const { starts, packages, chain } = clientGraph({ dynamic: true });
  const firstLoad = clientGraph({ dynamic: false });

  it("follows the client components", () => {
    expect(starts.length).toBeGreaterThan(40);
    expect(packages.some(({ name }) => name === "zod/mini")).toBe(true);
  });

  for (const { test, what } of HEAVY)
    it(`takes no ${what}`, () => {
      expect(packages.filter(({ name }) => test(name)).map(({ name, file }) => `${name} from ${chain(file)}`)).toEqual(
        [],
      );
    });

  it("takes zod with a form's first use, not with the page", () => {
    const { packages: loaded, chain: via } = firstLoad;
    expect(loaded.filter(({ name }) => name.startsWith("zod")).map(({ file }) => via(file))).toEqual([]);
  });

  it("takes zod's mini build from lib/validation/zod.ts only", () => {
    const elsewhere = packages.filter(
      ({ name, file }) => name === "zod/mini" && path.relative(ROOT, file) !== ZOD_HOME,
    );
    expect(elsewhere.map(({ file }) => chain(file))).toEqual([]);
  });
});
