/**
 * One fresh PostgreSQL database per test run, migrated with the project's own
 * runner and dropped afterwards. TEST_DATABASE_ADMIN_URL points at a database
 * we may CREATE DATABASE from (default: the local server's `postgres`).
 */
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrate, pgRunner } from "../../lib/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export default async function setup(project: TestProject) {
  const name = `gatehouse_test_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await migrate(pgRunner(client));
  await client.end();
  project.provide("databaseUrl", url.toString());

  return async () => {
    if (process.env.KEEP_TEST_DB) return void (await admin.end());
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  };
}
