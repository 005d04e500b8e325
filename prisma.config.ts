import { defineConfig } from "prisma/config";

// The datasource URL is only needed by CLI commands that talk to a database
// (migrate deploy elsewhere); the app itself connects through driver adapters.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres" },
});
