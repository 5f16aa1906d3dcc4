import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No circle of imports passes through two folders of lib/: an engine knows its plug-ins by name only
 * (DESIGN.md). Every import counts, type-only ones and re-exports included, since a circle of types
 * still ties two folders into one unit that neither can change alone.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const LIB = path.join(ROOT, "lib");
const EXTENSIONS = [".ts", ".tsx", ".mts", ".mjs", "/index.ts", "/index.tsx"];

function* sources(folder: string): Generator<string> {
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) yield* sources(full);
    else if (/\.(ts|tsx|mts)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts")) yield full;
  }
}

function resolve(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@/")
    ? path.join(ROOT, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  for (const candidate of [base, ...EXTENSIONS.map((extension) => base + extension)]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not this candidate.
    }
  }
  return undefined;
}

/** Every module of lib/ with the modules of lib/ it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources(LIB)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, false);
    const targets = importedFiles
      .map((imported) => resolve(file, imported.fileName))
      .filter((target): target is string => target !== undefined && target.startsWith(LIB + path.sep));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Tarjan's strongly connected components: each circle of imports, with every module on it. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The folder of lib/ a module belongs to (a module at lib/'s top level is a folder of its own). */
const folderOf = (file: string) => path.relative(LIB, file).split(path.sep)[0]!;

describe("lib/'s import graph", () => {
  it("has no circle of imports through two folders", () => {
    const crossing = circles(importGraph())
      .filter((circle) => new Set(circle.map(folderOf)).size > 1)
      .map((circle) => circle.map((file) => path.relative(ROOT, file)).sort());
    expect(crossing, "each of these circles ties two or more folders of lib/ together").toEqual([]);
  });

  it("finds a circle where there is one", () => {
    const graph = new Map([
      [path.join(LIB, "a/x.ts"), [path.join(LIB, "b/y.ts")]],
      [path.join(LIB, "b/y.ts"), [path.join(LIB, "a/x.ts")]],
      [path.join(LIB, "c/z.ts"), [path.join(LIB, "a/x.ts")]],
    ]);
    expect(circles(graph).map((circle) => circle.map(folderOf).sort())).toEqual([["a", "b"]]);
  });
});
