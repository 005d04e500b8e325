/**
 * One fresh PostgreSQL database per test run, migrated once with the project's
 * own runner. Each test worker then works in its own copy (see db-setup.ts), so
 * files run in parallel without seeing each other's rows; every copy is dropped
 * afterwards. TEST_DATABASE_ADMIN_URL points at a database we may CREATE
 * DATABASE from (default: the local server's `postgres`).
 */
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrate, pgRunner } from "../../lib/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** the migrated database each worker copies */
    templateDatabase: string;
    adminDatabaseUrl: string;
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
  project.provide("templateDatabase", name);
  project.provide("adminDatabaseUrl", adminUrl);

  return async () => {
    if (process.env.KEEP_TEST_DB) return void (await admin.end());
    const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${name}%`]);
    // Copies first: the template cannot be dropped while it is being copied from.
    for (const { datname } of rows.sort((a, b) => b.datname.length - a.datname.length)) {
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
    await admin.end();
  };
}
