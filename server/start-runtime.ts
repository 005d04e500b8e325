import "server-only";
/**
 * Boots the server side once per process: opens (and migrates) the database,
 * seeds the demo on the embedded default, and starts a worker in this process
 * unless GATEHOUSE_WORKER=off (then run `npm run worker` separately).
 */
import { getDatabase } from "@/lib/db/client";
import { seedDemo } from "@/lib/demo/seed-demo";
import { startWorker, type RunningWorker } from "@/lib/queue/run-worker";
import { leaseMs } from "@/lib/queue/lease";
import { jobHandlers } from "@/lib/runs/job-handlers";

const globalForRuntime = globalThis as unknown as { gatehouseRuntime?: Promise<RunningWorker | null> };

function shouldSeed(): boolean {
  if (process.env.GATEHOUSE_SEED_DEMO) return process.env.GATEHOUSE_SEED_DEMO !== "0";
  return !process.env.DATABASE_URL;
}

export function startRuntime(): Promise<RunningWorker | null> {
  globalForRuntime.gatehouseRuntime ??= (async () => {
    const db = await getDatabase();
    if (shouldSeed()) {
      const seeded = await seedDemo(db.prisma);
      if (seeded) console.log(`[gatehouse] demo workspace ready — sign in as ${seeded.email} / ${seeded.password}`);
    }
    if (process.env.GATEHOUSE_WORKER === "off") return null;
    const controller = new AbortController();
    const id = `web-${process.pid}`;
    const worker = await startWorker({
      db,
      workerId: id,
      concurrency: Number(process.env.GATEHOUSE_WORKER_CONCURRENCY ?? 4),
      leaseMs: leaseMs(),
    handlers: jobHandlers(db, { owner: id, signal: controller.signal, runLeaseMs: leaseMs() * 2 }),
      onError: (error, job) => console.error(`[gatehouse] job ${job.kind} #${job.id} failed:`, (error as Error).message),
    });
    const stop = () => {
      controller.abort();
      void worker.stop();
    };
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
    return worker;
  })();
  return globalForRuntime.gatehouseRuntime;
}
