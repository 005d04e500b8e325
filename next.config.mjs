// Plain JavaScript, not next.config.ts: `next start` would load the SWC compiler (~30 MB
// resident for the life of the server) only to read this file.
import { API_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from "./server/security-headers-data.mjs";

/** @type {import("next").NextConfig} */
const config = {
  // PGlite ships WebAssembly and data files; Prisma's adapters, pg and undici (the guarded fetch) are Node-only.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "pg", "undici", "@opentelemetry/sdk-trace-node", "@opentelemetry/sdk-trace-base", "@opentelemetry/exporter-trace-otlp-http", "@opentelemetry/resources"],
  poweredByHeader: false,
  devIndicators: false,
  experimental: {
    // H5: the proxy runs for pages only, and pages take no request bodies (forms post to
    // the API); anything a proxy-matched request sends beyond this is not buffered.
    proxyClientMaxBodySize: "64kb",
    // A route's server code loads with its first request, not every route's at start: idle
    // memory held the same shared chunk once per route (23 copies).
    preloadEntriesOnStart: false,
  },
  async headers() {
    return [
      { source: "/:path*", headers: SECURITY_HEADERS },
      // Pages get theirs, with a nonce, from proxy.ts.
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
    ];
  },
};

export default config;
