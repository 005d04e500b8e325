/**
 * Issue 24: the git server every host pushes room work to and rebuilds
 * worktrees from: `npm run refs-server`. Its repositories live under
 * GATEHOUSE_DATA_DIR/refs-server; each opens only with its own password
 * (derived from GATEHOUSE_REFS_SECRET). Stops on SIGTERM.
 */
import path from "node:path";
import { dataDir } from "../lib/config/data-dir";
import { startRefsServer } from "../lib/hosts/refs-server";
import { validEnvOrExit } from "./valid-env";

const config = validEnvOrExit();
if (!config.GATEHOUSE_REFS_SECRET || config.GATEHOUSE_REFS_SECRET.length < 16) {
  console.error("npm run refs-server needs GATEHOUSE_REFS_SECRET (16 characters or more): each repository's password derives from it.");
  process.exit(2);
}
const server = await startRefsServer({
  root: path.join(dataDir(), "refs-server"),
  secret: config.GATEHOUSE_REFS_SECRET,
  host: config.GATEHOUSE_REFS_LISTEN,
  port: config.GATEHOUSE_REFS_PORT,
});
console.log(`[refs-server] serving ${server.origin}`);
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, async () => {
    await server.close();
    process.exit(0);
  });
}
