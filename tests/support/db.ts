// A Database handle for one test file: the run's fresh PostgreSQL database (db project), or on the
// db-pglite project the file's own embedded PGlite database (pglite-setup.ts), the one the
// process-wide handle (getDatabase) serves too.
import { afterAll } from "vitest";
import { getDatabase, openDatabase, type Database } from "../../lib/db/client";

let handle: Promise<Database> | null = null;

/** True on the db-pglite project: tests that need a second connection or a second process run only on PostgreSQL. */
export const onPglite = process.env.GATEHOUSE_TEST_DB === "pglite";

export function testDatabase(): Promise<Database> {
  if (onPglite) return getDatabase();
  if (!handle) {
    handle = openDatabase({ url: process.env.DATABASE_URL, migrate: false });
    afterAll(async () => {
      await (await handle!).close();
      handle = null;
    });
  }
  return handle;
}

/**
 * Another connection to the test's database, for tests of concurrent writers. On the embedded
 * default there is only one connection (PGlite), so concurrent callers share it — exactly what
 * several requests of one embedded server do. `close` closes only what this opened.
 */
export async function anotherConnection(): Promise<Database> {
  if (!onPglite) return openDatabase({ url: process.env.DATABASE_URL, migrate: false });
  const shared = await getDatabase();
  return { ...shared, close: async () => undefined };
}
