// A Database handle for one test file, on the run's fresh PostgreSQL database.
import { afterAll } from "vitest";
import { openDatabase, type Database } from "../../lib/db/client";

let handle: Promise<Database> | null = null;

export function testDatabase(): Promise<Database> {
  if (!handle) {
    handle = openDatabase({ url: process.env.DATABASE_URL, migrate: false });
    afterAll(async () => {
      await (await handle!).close();
      handle = null;
    });
  }
  return handle;
}
