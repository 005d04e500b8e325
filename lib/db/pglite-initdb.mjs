/**
 * Initialises a new PGlite data directory and exits (lib/db/client.ts starts it).
 * initdb grows PGlite's WebAssembly memory to ~500 MB, and closing that instance
 * still left ~10–15 MB of the process's own heap behind (measured: a server's idle
 * memory on a new data directory, 195/188 MB above bare with initdb in-process,
 * 181/180/158/179 MB with it here); in a process of its own, all of it goes back
 * to the system when it ends.
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
