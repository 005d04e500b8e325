/**
 * Initialises a new PGlite data directory and exits (lib/db/client.ts starts it).
 * initdb grows PGlite's WebAssembly memory to ~500 MB and leaves ~40 MB of the
 * process's own heap behind when that instance is closed (measured: a server's
 * first start on a new data directory idled 40 MB above its restart on the same
 * one); in a process of its own, all of it goes back to the system when it ends.
 *
 * argv: <data directory> <PGlite start parameters as JSON>
 */
import { PGlite } from "@electric-sql/pglite";

const [dataDir, startParams] = process.argv.slice(2);
if (!dataDir || !startParams) {
  console.error("usage: pglite-initdb.mjs <data directory> <start parameters as JSON>");
  process.exit(2);
}
const db = new PGlite(dataDir, { startParams: JSON.parse(startParams) });
await db.waitReady;
await db.close();
