// Runs before each test file of the db-pglite project: the same tests as the db project, on the
// embedded default (PGlite, one connection, no savepoints). Every file gets its own in-memory
// database, started from the run's migrated template (pglite-global-setup.ts), and the
// process-wide handle (getDatabase) is that same database, so route handlers and lib code called
// by a test write where the test reads. DATABASE_URL is removed: nothing may reach PostgreSQL here.
import { readFileSync } from "node:fs";
import { afterAll, inject } from "vitest";
import { openDatabase, type Database } from "../../lib/db/client";

delete process.env.DATABASE_URL;
process.env.GATEHOUSE_TEST_DB = "pglite";

const template = new Blob([readFileSync(inject("pgliteTemplate"))]);
const handle: Promise<Database> = openDatabase({ url: null, dataDir: "memory://", migrate: false, loadDataDir: template });
(globalThis as unknown as { gatehouseDb?: Promise<Database> }).gatehouseDb = handle;
await handle;

afterAll(async () => {
  await (await handle).close();
});
