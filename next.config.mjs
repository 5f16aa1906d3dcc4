/** Headers of every answer; the Content-Security-Policy, which needs a fresh nonce each page, is set in proxy.ts. */
const securityHeaders = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

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
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
