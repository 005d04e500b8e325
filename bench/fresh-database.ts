/**
 * A benchmark that needs its own PostgreSQL database and a git worktree: both
 * are made fresh on the server the tests use and removed afterwards. Without a
 * server where a database may be created, the benchmark is skipped with a line
 * saying why, and the other figures still print.
 */
import pg from "pg";
import { migrate, pgRunner } from "../lib/db/migrate";
import { makeFixture } from "../lib/repos/git.test-support";
import type { BenchResult } from "./stats";

export async function withFreshDatabase(
  label: string,
  measure: (databaseUrl: string, worktree: string) => Promise<BenchResult[]>,
): Promise<BenchResult[]> {
  const serverUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const name = `gatehouse_bench_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
  } catch (error) {
    console.log(`  (${label}: skipped, could not create a fresh database: ${(error as Error).message})`);
    await admin.end().catch(() => undefined);
    return [];
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const fx = await makeFixture();
  try {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await migrate(pgRunner(client));
    await client.end();
    return await measure(url.toString(), fx.worktree);
  } finally {
    await fx.cleanup();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

/** A database of its own for a benchmark that opens it itself (migrations and all); `drop` removes it. */
export async function createBenchDatabase(label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const name = `gatehouse_bench_${label}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    },
  };
}
