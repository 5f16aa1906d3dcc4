import { readdirSync } from "node:fs";
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/**
 * The embedded chat service stands in for a hosted one: the console reaches it over HTTP, through
 * the same client as the real service, so that what works here works against the real thing.
 */
const CHAT_SERVICE_FENCE = {
  group: ["@/chat-service", "@/chat-service/*", "**/chat-service", "**/chat-service/*", "**/chat-service/**"],
  message:
    "The console talks to the embedded chat service only over HTTP, through lib/chat-api, as it does to the real service; only the scripts that serve it (scripts/serve.ts, scripts/chat-service.ts) may import chat-service/.",
};

/**
 * What the browser downloads on every form page: classic zod (~90 KiB gzip with its locales) and
 * react-hook-form (~14 KiB) took a page past its 150 KiB. Components and the schemas they share with
 * the actions use zod's mini build through lib/validation/zod.ts, and forms use useSchemaForm.
 * tests/unit/client-graph.test.ts checks what lint cannot: nothing a client component imports, at any
 * depth, brings them back.
 */
/** Parts of Next.js that the console does without, for what they weigh on every page (docs/forms-and-weight.md). */
const FRAMEWORK_WEIGHT = [
  {
    regex: "^next/link$",
    message: "Links are components/ui/app-link.tsx's AppLink: next/link costs every page ~3.9 KiB gzip.",
  },
  {
    regex: "^next/dynamic$",
    message: "Load a part when it is used with React's lazy: next/dynamic adds ~2.8 KiB gzip a page.",
  },
];

const CLIENT_WEIGHT = [
  {
    regex: "^zod(/.*)?$",
    message:
      'Components and schemas take zod from lib/validation/zod.ts (zod\'s mini build, `import * as z from "@/lib/validation/zod"`): classic zod costs every page that reaches it ~90 KiB gzip.',
  },
  {
    regex: "^(react-hook-form|@hookform/.*)$",
    message: "Forms use components/ui/use-schema-form.ts: react-hook-form and its resolver cost ~14 KiB gzip a page.",
  },
  ...FRAMEWORK_WEIGHT,
];

/**
 * Each folder of components/ is one noun's UI (components/ui the shared parts): a noun's components
 * import their own, the shared parts and nothing of another noun's, so that a part two nouns need
 * goes to components/ui. The one exception: approvals show the job a request is about with the job
 * parts of incidents.
 */
const COMPONENTS_ALSO_USING = { approvals: ["incidents"] };
const componentFences = readdirSync(new URL("./components", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => {
    const allowed = [...new Set(["ui", name, ...(COMPONENTS_ALSO_USING[name] ?? [])])];
    return {
      files: [`components/${name}/**`],
      rules: {
        "no-restricted-imports": [
          "error",
          {
            patterns: [
              CHAT_SERVICE_FENCE,
              ...CLIENT_WEIGHT,
              {
                regex: `^(@/components/(?!(${allowed.join("|")})/)|\\.\\./)`,
                message: `components/${name} may import only its own components and components/ui${name === "ui" ? "" : " (a part two nouns need goes to components/ui)"}.`,
              },
            ],
          },
        ],
      },
    };
  });

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // Tests assert on the raw JSON of the chat API, whose shape is the thing under test.
    files: ["tests/**/*.ts", "e2e/**/*.ts", "**/*.test.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["app/**", "components/**", "lib/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [CHAT_SERVICE_FENCE, ...FRAMEWORK_WEIGHT] }] },
  },
  {
    files: ["lib/**/schemas.ts", "lib/**/limits.ts", "lib/validation/**", "lib/actions/use-*.ts"],
    // lib/chat-api parses the chat service's answers on the server, with classic zod's passthrough objects.
    ignores: ["lib/validation/zod.ts", "lib/chat-api/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [CHAT_SERVICE_FENCE, ...CLIENT_WEIGHT] }] },
  },
  // After the fences above: a file's rule options come from the last block that names it.
  ...componentFences,
  {
    // The other side of the fence: the emulator shares the platform's plumbing (the database's drivers,
    // configuration, the log, shutdown, security headers) and nothing of the console's features.
    files: ["chat-service/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex:
                "^@/(app|components)/|^@/lib/(?!(db/pglite-shared|db/pglite-prepared|db/migrate-postgres|db/qualified|env|env-parts|log|lifecycle|rule-matching/.*|security/response-headers\\.mjs)$)",
              message:
                "The embedded chat service is a separate program: it may use the platform's plumbing (lib/db's drivers, lib/env, lib/log, lib/lifecycle, lib/security's headers) and the rule matcher it shares with the console (lib/rule-matching), never the console's features.",
            },
          ],
        },
      ],
    },
  },
  {
    // Components run in the browser too: from server code they may import types, never values (a value
    // would pull the database, the key's holder or the log into a client bundle, or fail the build).
    files: ["components/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              // A noun's server actions (lib/<noun>/actions/*, "use server": the browser calls them by id) and
              // its schemas (lib/<noun>/schemas) and their limits and choices without zod (limits, windows) are for
              // components, and so is what each kind of incident job does (lib/incidents/job-kinds, labels and
              // names); the rest of these homes is server code.
              regex:
                "^@/lib/(db/.*|env|env-sso|log|startup|chat-api(/client|/transport)?|audit/(append|query|operation|checkpoints|verify)|blocking/(send-block-call|settlement)|(auth|incidents|raid-search|timed-blocks|workers|conversations|approvals|operators|users)/(?!actions/[^/]+$|schemas$|limits$|windows$|job-kinds$).*)$",
              allowTypeImports: true,
              message:
                "Server code: a component may import its types only (import type). Read data in a page or a GET route, change it through a server action.",
            },
            {
              // Zod is ~20 KiB gzip in the browser, a page's whole share of its 150 KiB: a form imports its
              // schema when it is first used (useSchemaForm's loader, a ReasonDialog's), never with the page.
              regex: "^@/lib/(.+/schemas|validation/(zod|reason|uid))$",
              allowTypeImports: true,
              message:
                'A component loads a schema when its form is used: `() => import("@/lib/<noun>/schemas").then((schemas) => schemas.x)` (components/ui/use-schema-form.ts); import its types only.',
            },
          ],
        },
      ],
    },
  },
  globalIgnores([
    ".next/**",
    // The server compiled by `npm start` (scripts/run.mjs).
    ".server/**",
    "out/**",
    "build/**",
    "data/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
  ]),
]);
