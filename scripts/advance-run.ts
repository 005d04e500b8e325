/**
 * Advances one stored run from the command line: `npm run advance-run -- <runId>`.
 * An operator's tool, and how tests prove a run suspended in one process
 * resumes in another (A5, G4).
 */
import { openDatabase } from "../lib/db/client";
import { advanceStoredRun } from "../lib/runtime/advance-stored-run";

const runId = process.argv[2];
if (!runId) {
  console.error("usage: advance-run <runId>");
  process.exit(2);
}
const db = await openDatabase({ migrate: false });
try {
  const result = await advanceStoredRun(db, runId, { owner: `cli-${process.pid}` });
  console.log(JSON.stringify(result));
} finally {
  await db.close();
}
