/**
 * A standalone worker process: `npm run worker`. Run as many as you like
 * against one PostgreSQL database (set GATEHOUSE_WORKER=off on the web
 * processes to keep all agent work here). Stops cleanly on SIGTERM.
 */
import { openDatabase } from "../lib/db/client";
import { startWorker } from "../lib/queue/run-worker";
import { leaseMs } from "../lib/queue/lease";
import { jobHandlers } from "../lib/runs/job-handlers";

if (!process.env.DATABASE_URL) {
  console.error("npm run worker needs DATABASE_URL: the embedded database belongs to the web process, which runs its own worker.");
  process.exit(2);
}
const db = await openDatabase();
const controller = new AbortController();
const id = `worker-${process.pid}`;
const worker = await startWorker({
  db,
  workerId: id,
  concurrency: Number(process.env.GATEHOUSE_WORKER_CONCURRENCY ?? 4),
  leaseMs: leaseMs(),
    handlers: jobHandlers(db, { owner: id, signal: controller.signal, runLeaseMs: leaseMs() * 2 }),
  onError: (error, job) => console.error(`[worker] job ${job.kind} #${job.id} failed:`, (error as Error).message),
});
console.log(`[worker] ${worker.id} started`);
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, async () => {
    controller.abort();
    await worker.stop();
    await db.close();
    process.exit(0);
  });
}
