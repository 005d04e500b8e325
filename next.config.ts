import type { NextConfig } from "next";
import { API_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from "./server/security-headers";

const config: NextConfig = {
  // PGlite ships WebAssembly and data files; Prisma's adapters, pg and undici (the guarded fetch) are Node-only.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "pg", "undici", "@opentelemetry/sdk-trace-node", "@opentelemetry/sdk-trace-base", "@opentelemetry/exporter-trace-otlp-http", "@opentelemetry/resources"],
  poweredByHeader: false,
  devIndicators: false,
  experimental: {
    // H5: the proxy runs for pages only, and pages take no request bodies (forms post to
    // the API); anything a proxy-matched request sends beyond this is not buffered.
    proxyClientMaxBodySize: "64kb",
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
