import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The README and docs/ as a newcomer reads them: a README short enough to read, prose in the present
 * tense (how a figure was reached belongs in commit messages), links that lead somewhere a cloner has,
 * and commands and variables that exist.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const DOCS = path.join(ROOT, "docs");
const read = (file: string) => readFileSync(file, "utf8");
const documents = [
  path.join(ROOT, "README.md"),
  ...readdirSync(DOCS)
    .filter((name) => name.endsWith(".md"))
    .map((name) => path.join(DOCS, name)),
];
const named = (file: string) => path.relative(ROOT, file);

/** Phrases of a lab diary: they date the text to a working session the reader never saw. */
const DIARY = [/this stop\b/i, /last stop/i, /stops ago/i];

/** GitHub's anchor of a heading: lowercase, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number}\s_-]/gu, "")
    .replace(/\s/g, "-");

const anchorsOf = (markdown: string) =>
  new Set(
    markdown
      .replace(/^```[\s\S]*?^```/gm, "")
      .split("\n")
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => anchorOf(line.replace(/^#+ /, ""))),
  );

/** The Markdown links of a document outside its code blocks, as [text](target). */
const linksOf = (markdown: string) =>
  [...markdown.replace(/^```[\s\S]*?^```/gm, "").matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);

describe("the README and docs/", () => {
  it("keeps the README at most 300 lines", () => {
    const lines = read(path.join(ROOT, "README.md")).trimEnd().split("\n").length;
    expect(lines).toBeLessThanOrEqual(300);
  });

  it.each(documents.map(named))("%s reads in the present tense, not as a diary", (file) => {
    const text = read(path.join(ROOT, file));
    for (const phrase of DIARY) expect(text, `${file} contains "${text.match(phrase)?.[0]}"`).not.toMatch(phrase);
  });

  it.each(documents.map(named))("%s links only to files of the repository, and to headings they have", (file) => {
    const from = path.dirname(path.join(ROOT, file));
    for (const link of linksOf(read(path.join(ROOT, file)))) {
      if (/^[a-z]+:/i.test(link)) continue;
      const [target, anchor] = link.split("#") as [string, string | undefined];
      const resolved = target ? path.resolve(from, target) : path.join(ROOT, file);
      expect(resolved.startsWith(ROOT + path.sep), `${file} links outside the repository: ${link}`).toBe(true);
      expect(existsSync(resolved), `${file} links to a missing file: ${link}`).toBe(true);
      if (anchor && resolved.endsWith(".md"))
        expect([...anchorsOf(read(resolved))], `${file} links to a missing heading: ${link}`).toContain(anchor);
    }
  });

  it.each(documents.map(named))("%s names only npm scripts that exist", (file) => {
    const scripts = Object.keys(JSON.parse(read(path.join(ROOT, "package.json"))).scripts as object);
    const used = [...read(path.join(ROOT, file)).matchAll(/npm run ([a-z][\w:-]*\*?)/g)].map((match) => match[1]!);
    for (const script of used) {
      // `npm run bench:*` names a family of scripts: at least one must exist.
      const matches = script.endsWith("*") ? scripts.filter((name) => name.startsWith(script.slice(0, -1))) : [script];
      expect(matches.length, `${file}: npm run ${script}`).toBeGreaterThan(0);
      for (const name of matches) expect(scripts, `${file}: npm run ${script}`).toContain(name);
    }
  });

  it("documents in docs/operations.md only variables the configuration reads", () => {
    const readers = ["lib/env.ts", "lib/env-sso.ts", "lib/env-log.ts", "chat-service/config.ts"]
      .map((file) => read(path.join(ROOT, file)))
      .join("\n");
    const operations = read(path.join(DOCS, "operations.md"));
    const configuration = operations.slice(operations.indexOf("## Configuration"), operations.indexOf("## PostgreSQL"));
    const variables = configuration
      .split("\n")
      .filter((line) => line.startsWith("| `"))
      .flatMap((line) => [...line.split(" | ")[0]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!));
    expect(variables.length).toBeGreaterThan(30);
    for (const variable of variables) expect(readers, variable).toContain(`${variable}:`);
  });
});
