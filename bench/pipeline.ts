/**
 * Pipelines (S2, O5): a 50-ticket pipeline with scripted agents that answer in
 * one turn, on a fresh PostgreSQL database, one in-process worker. Prints
 * scheduling overhead per step — from the moment a step is ready (its last
 * dependency's run finished, or the pipeline started) to its run's first turn,
 * so model and tool time are excluded — as p50/p99, and the total wall time
 * beside the critical path (the longest dependency chain, timed by its runs),
 * and how many jobs the worker found only by its safety-net poll (a missed wake-up).
 * Parallelism is high enough that no step waits for a free slot. Asserts nothing.
 */
import { openDatabase } from "../lib/db/client";
import type { Prisma } from "../lib/db/generated/client";
import { createOrchestration } from "../lib/orchestration/create-orchestration";
import { startWorker } from "../lib/queue/run-worker";
import { jobHandlers } from "../lib/runtime/job-handlers";
import { syntheticPlan } from "./plans";
import { withFreshDatabase } from "./fresh-database";
import { percentileOf, type BenchResult } from "./stats";

const TICKETS = 50;

export async function benchPipeline(): Promise<BenchResult[]> {
  return withFreshDatabase("pipeline", measure);
}

async function measure(url: string, worktree: string): Promise<BenchResult[]> {
  const db = await openDatabase({ url, migrate: false });
  const { prisma } = db;
  const workspace = await prisma.workspace.create({ data: { name: "bench", slug: `bench-${Date.now()}` } });
  const script = { scenarios: [{ steps: [{ text: "Done: the step is finished." }] }] };
  const agent = await prisma.agent.create({ data: { workspaceId: workspace.id, name: "bench", script: script as Prisma.InputJsonValue } });
  const room = await prisma.room.create({
    data: { workspaceId: workspace.id, name: "bench", mode: "chat", autonomy: "auto", agentId: agent.id, worktreePath: worktree, conversations: { create: { title: "Main" } } },
  });
  const steps = syntheticPlan(TICKETS, 7).map((n) => ({ key: n.key, title: n.title, description: n.description, dependsOn: n.dependsOn }));
  const handlers = jobHandlers(db, { owner: "bench-worker" });
  const worker = await startWorker({ db, workerId: "bench-worker", handlers, concurrency: 8, pollMs: 1_000 });
  try {
    const start = Date.now();
    const orchestration = await prisma.$transaction((tx) => createOrchestration(tx, { roomId: room.id, goal: "bench", parallelism: TICKETS, tickets: steps }));
    for (;;) {
      const row = await prisma.orchestration.findUniqueOrThrow({ where: { id: orchestration.id }, select: { status: true } });
      if (row.status !== "running") break;
      if (Date.now() - start > 300_000) throw new Error("the pipeline did not finish within 5 minutes");
      await new Promise((r) => setTimeout(r, 25));
    }
    const wall = Date.now() - start;
    const tickets = await prisma.ticket.findMany({ where: { orchestrationId: orchestration.id }, include: { run: { select: { startedAt: true, finishedAt: true } } } });
    const byKey = new Map(tickets.map((t) => [t.key, t]));
    const overhead: number[] = [];
    const chain = new Map<string, number>();
    // syntheticPlan lists dependencies before dependants, so one pass computes the critical path.
    for (const step of steps) {
      const run = byKey.get(step.key)!.run!;
      const ready = Math.max(start, ...step.dependsOn.map((d) => byKey.get(d)!.run!.finishedAt!.getTime()));
      overhead.push(run.startedAt!.getTime() - ready);
      const own = run.finishedAt!.getTime() - run.startedAt!.getTime();
      chain.set(step.key, own + Math.max(0, ...step.dependsOn.map((d) => chain.get(d)!)));
    }
    const critical = Math.max(...chain.values());
    // Wake-ups, apart from CPU: a job the worker found only when its poll ran out was a wake-up missed.
    const { claims, claimsAfterPoll } = worker.stats();
    return [
      { name: `pipeline: scheduling overhead per step, ${TICKETS} tickets, p50`, value: percentileOf(overhead, 50), unit: "ms" },
      { name: `pipeline: scheduling overhead per step, ${TICKETS} tickets, p99`, value: percentileOf(overhead, 99), unit: "ms" },
      { name: `pipeline: total wall time, ${TICKETS} tickets`, value: wall, unit: "ms" },
      { name: "pipeline: critical path (its runs' own time)", value: critical, unit: "ms" },
      { name: "pipeline: wall time ÷ critical path", value: wall / critical, unit: "×" },
      { name: `pipeline: jobs found only by the worker's 1 s safety-net poll (of ${claims} claimed)`, value: claimsAfterPoll, unit: "jobs" },
    ];
  } finally {
    await worker.stop();
    await db.close();
  }
}
