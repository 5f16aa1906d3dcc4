import { SECURITY_HEADERS } from "./lib/security/response-headers.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // PGlite loads its WebAssembly and data files from its own package folder at run time.
  // pino (the server log, lib/log.ts) loads its pieces by file path at run time, which a bundle breaks;
  // Next keeps pino and pino-pretty external by default, and this says so where it matters.
  serverExternalPackages: ["@electric-sql/pglite", "pino", "pino-pretty"],
  experimental: {
    // Incident mode sends up to 10,000 UIDs of up to 100 characters in one action.
    serverActions: { bodySizeLimit: "2mb" },
    // Pages' modules load at their first request instead of all at start: idle memory is what
    // operators' pages use, not every page there is.
    preloadEntriesOnStart: false,
  },
  async headers() {
    // The server (scripts/serve.ts) sets them on every answer before Next sees it; Next's own answers say so too.
    const headers = Object.entries(SECURITY_HEADERS).map(([key, value]) => ({ key, value }));
    return [{ source: "/:path*", headers }];
  },
};

export default nextConfig;
