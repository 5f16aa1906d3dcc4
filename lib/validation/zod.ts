import { z } from "zod";

/**
 * The one import of zod for the schemas and the forms that use them. Zod compiles object parsers
 * with `new Function` where it may, and its probe for that is an eval which the Content-Security-
 * Policy (no 'unsafe-eval') blocks and reports in the browser. The setting must come before any
 * schema is made, which importing zod from here ensures.
 */
z.config({ jitless: true });

export { z };
