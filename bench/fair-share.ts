/**
 * Fair share of the queue ("npm run bench -- neighbour"): a noisy neighbour
 * beside a quiet one, on PostgreSQL with a real worker (2 slots). Workspace B
 * queues one quick job; its wait (enqueue → handled) is measured alone, and
 * again while workspace A has 24 long jobs (400 ms each) queued ahead of it —
 * first-come, B waited for A's whole backlog (~24 × 400 ms ÷ 2 slots ≈ 4.8 s).
 * Each is measured on the quiet machine and with one core spinning. Every job
 * must have run (its handler marks it) or the bench fails.
 */
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { z } from "zod";
import { openDatabase, type Database } from "../lib/db/client";
import { defineJob } from "../lib/queue/define-job";
import { enqueueJob } from "../lib/queue/enqueue-job";
import { startWorker } from "../lib/queue/run-worker";
import { createWorkspace } from "../tests/support/factories";
import { percentileOf, type BenchResult } from "./stats";
import { createBenchDatabase } from "./fresh-database";
import { withOneCoreSpinning } from "./spin-core";

/** The bench's own jobs, declared as every job is; each names the repository whose workspace it is work of. */
const tagged = z.object({ repositoryId: z.string(), tag: z.string() });
const benchLong = defineJob({ kind: "bench.long", payload: tagged, retry: { maxAttempts: 1 } });
const benchOne = defineJob({ kind: "bench.one", payload: tagged, retry: { maxAttempts: 1 } });

const FLOOD = 24;
const LONG_MS = 400;
const ROUNDS = 5;

export async function benchFairShare(): Promise<BenchResult[]> {
  const fresh = await createBenchDatabase("fair");
  const db = await openDatabase({ url: fresh.url, migrate: true });
  const handled = new Map<string, number>();
  const worker = await startWorker({
    db,
    concurrency: 2,
    pollMs: 1_000,
    handlers: {
      "bench.long": async (payload) => {
        await new Promise((resolve) => setTimeout(resolve, LONG_MS));
        handled.set(String(payload.tag), performance.now());
      },
      "bench.one": async (payload) => {
        handled.set(String(payload.tag), performance.now());
      },
    },
  });
  try {
    const noisy = await repositoryOf(db, "noisy");
    const quiet = await repositoryOf(db, "quiet");
    let seq = 0;
    const waitFor = async (tags: string[]) => {
      const deadline = Date.now() + 120_000;
      while (!tags.every((t) => handled.has(t))) {
        if (Date.now() > deadline) throw new Error(`jobs never ran: ${tags.filter((t) => !handled.has(t)).join(", ")}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    /** B's one job: enqueue → handled, with or without A's flood queued first. */
    const once = async (flood: boolean) => {
      const floodTags = flood ? Array.from({ length: FLOOD }, () => `a-${++seq}`) : [];
      for (const tag of floodTags) await enqueueJob(db.prisma, benchLong.job({ repositoryId: noisy, tag }));
      if (flood) await new Promise((resolve) => setTimeout(resolve, 50)); // A's jobs hold both slots
      const tag = `b-${++seq}`;
      const started = performance.now();
      await enqueueJob(db.prisma, benchOne.job({ repositoryId: quiet, tag }));
      await waitFor([tag]);
      const waited = handled.get(tag)! - started;
      await waitFor(floodTags);
      return waited;
    };
    const phase = async () => {
      const load = loadavg()[0]!;
      const alone: number[] = [];
      const beside: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        alone.push(await once(false));
        beside.push(await once(true));
      }
      return { load, alone: percentileOf(alone, 50), beside: percentileOf(beside, 50) };
    };
    const calm = await phase();
    const loaded = await withOneCoreSpinning(() => phase());
    const rows = (label: string, r: typeof calm): BenchResult[] => [
      { name: `${label}: the machine's load average (1 min) as the phase began`, value: r.load, unit: "" },
      { name: `${label}: B's one job, enqueue → handled, alone (p50 of ${ROUNDS})`, value: r.alone, unit: "ms" },
      { name: `${label}: the same beside A's ${FLOOD} long jobs queued first (p50)`, value: r.beside, unit: "ms" },
      { name: `${label}: beside the flood ÷ alone`, value: r.beside / r.alone, unit: "×" },
    ];
    return [
      ...rows("quiet", calm),
      ...rows("one core spinning", loaded),
      { name: `first-come, B would wait for A's backlog: ${FLOOD} × ${LONG_MS} ms ÷ 2 slots`, value: (FLOOD * LONG_MS) / 2, unit: "ms" },
    ];
  } finally {
    await worker.stop();
    await db.close();
    await fresh.drop();
  }
}

/** A workspace and a repository row its jobs name, so they count as its work. */
async function repositoryOf(db: Database, name: string): Promise<string> {
  const workspace = await createWorkspace(db.prisma);
  const repository = await db.prisma.repository.create({ data: { workspaceId: workspace.id, name, path: `/nonexistent/${name}` } });
  return repository.id;
}
