import type { NextConfig } from "next";

const config: NextConfig = {
  // PGlite ships WebAssembly and data files; Prisma's adapters, pg and undici (the guarded fetch) are Node-only.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "pg", "undici"],
  poweredByHeader: false,
  devIndicators: false,
};

export default config;
