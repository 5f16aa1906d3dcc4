import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // Tests assert on the raw JSON of the chat API, whose shape is the thing under test.
    files: ["tests/**/*.ts", "e2e/**/*.ts", "**/*.test.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // The embedded chat service stands in for a hosted one: the console reaches it over HTTP, through
    // the same client as the real service, so that what works here works against the real thing.
    files: ["app/**", "components/**", "lib/**"],
    ignores: ["lib/chat-service/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/chat-service", "@/lib/chat-service/*", "**/chat-service", "**/chat-service/*"],
              message:
                "The console talks to the embedded chat service only over HTTP, through lib/chat-api, as it does to the real service; only the scripts that serve it (scripts/serve.ts, scripts/chat-service.ts) may import lib/chat-service.",
            },
          ],
        },
      ],
    },
  },
  globalIgnores([
    ".next/**",
    "out/**",
    "build/**",
    "data/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
  ]),
]);
