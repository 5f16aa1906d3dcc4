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
