import * as z from "zod/mini";

/**
 * The one import of zod for the schemas of forms and actions (lib/<noun>/schemas.ts, lib/validation/):
 * zod's mini build, because these modules reach the browser and a page has ~10 KiB gzip for its own
 * code (classic zod is ~90). Import it as a namespace, `import * as z from "@/lib/validation/zod"`,
 * so that a page takes only the functions it calls. Zod compiles object parsers with `new Function`
 * where it may, and its probe for that is an eval which the Content-Security-Policy (no
 * 'unsafe-eval') blocks and reports in the browser; the setting must come before any schema is made,
 * which importing zod from here ensures.
 */
z.config({ jitless: true });

export * from "zod/mini";
