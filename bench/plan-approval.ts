/**
 * Target (P5, G4): "an approval decision reaches the waiting run ≤ 100 ms p50
 * on PostgreSQL". A run parks on a per-call confirmation; a person's decision
 * commits (with its "run.advance" job, in the same transaction); we measure
 * from the commit to (1) the worker picking the waiting run up and (2) the
 * approved call's result being stored. The worker runs in this process,
 * against a fresh database created on the DATABASE_URL server (default: the
 * local PostgreSQL the tests use). Prints figures, asserts nothing; without a
 * reachable server it says so and skips.
 */
import { decideApproval } from "../lib/approvals/decide-approval";
import { openDatabase } from "../lib/db/client";
import type { Prisma } from "../lib/db/generated/client";
import { EVENTS_CHANNEL, type EventNotice } from "../lib/events/record-event";
import { newCheckpoint } from "../lib/harness/lifecycle/checkpoint";
import { startPresence } from "../lib/presence/track-presence";
import { advanceRunJob, enqueueJob } from "../lib/queue/enqueue-job";
import { startWorker } from "../lib/queue/run-worker";
import { jobHandlers } from "../lib/runtime/job-handlers";
import { withFreshDatabase } from "./fresh-database";
import { percentile, type BenchResult } from "./stats";

const SAMPLES = 30;
const TARGET = "≤ 100 ms p50 on PostgreSQL";

export async function benchPlanApproval(): Promise<BenchResult[]> {
  return withFreshDatabase("approval → waiting run", measure);
}

async function measure(url: string, worktree: string): Promise<BenchResult[]> {
  const db = await openDatabase({ url, migrate: false });
  const { prisma } = db;
  const user = await prisma.user.create({ data: { email: `bench-${Date.now()}@bench.local`, name: "Bench" } });
  const workspace = await prisma.workspace.create({ data: { name: "bench", slug: `bench-${Date.now()}`, memberships: { create: { userId: user.id, role: "owner" } } } });
  const script = { scenarios: [{ steps: [{ toolCalls: [{ name: "write_file", args: { path: "bench.md", content: "approved\n" } }] }, { text: "Written." }] }] };
  const agent = await prisma.agent.create({ data: { workspaceId: workspace.id, name: "bench", script: script as Prisma.InputJsonValue } });
  const room = await prisma.room.create({
    data: { workspaceId: workspace.id, name: "bench", mode: "chat", autonomy: "ask", agentId: agent.id, worktreePath: worktree, conversations: { create: { title: "Main" } } },
  });
  // G4: someone who could approve is connected, so the call waits instead of being refused.
  const stopPresence = await startPresence(prisma, { userId: user.id, workspaceId: workspace.id });

  // Wrap the worker's run handler to see the moment it picks a run up.
  const pickedUp = new Map<string, number>();
  const handlers = jobHandlers(db, { owner: "bench-worker" });
  const advance = handlers["run.advance"]!;
  handlers["run.advance"] = async (payload, job) => {
    const runId = String(payload.runId);
    if (!pickedUp.has(runId)) pickedUp.set(runId, performance.now());
    return advance(payload, job);
  };
  // Stored events arrive by NOTIFY; note when each one does, by id.
  const arrived = new Map<string, number>();
  const unlisten = await db.listen(EVENTS_CHANNEL, (payload) => {
    const notice = JSON.parse(payload) as EventNotice;
    if (notice.kind === "stored") arrived.set(notice.id, performance.now());
  });
  const worker = await startWorker({ db, workerId: "bench-worker", handlers, pollMs: 1_000 });

  const toPickup: number[] = [];
  const toResult: number[] = [];
  try {
    for (let i = 0; i < SAMPLES + 3; i++) {
      const run = await prisma.run.create({
        data: { workspaceId: workspace.id, roomId: room.id, agentId: agent.id, state: newCheckpoint([{ role: "user", content: "write" }]) as unknown as Prisma.InputJsonValue },
      });
      await enqueueJob(prisma, advanceRunJob(run.id));
      const approval = await until(() => prisma.approval.findFirst({ where: { runId: run.id, status: "pending" } }));
      await until(async () => (await prisma.run.findUnique({ where: { id: run.id } }))?.status === "waiting");
      pickedUp.delete(run.id);

      await decideApproval(prisma, { workspaceId: workspace.id, approvalId: approval.id, userId: user.id, decision: "approve" });
      const committed = performance.now();
      await until(async () => (await prisma.run.findUnique({ where: { id: run.id } }))?.status === "succeeded");
      const result = await prisma.runEvent.findFirstOrThrow({ where: { runId: run.id, type: "tool.result" }, orderBy: { id: "desc" } });
      if (i < 3) continue; // warm-up: JIT, connection pools, first worktree writes
      toPickup.push(pickedUp.get(run.id)! - committed);
      toResult.push((arrived.get(result.id.toString()) ?? Number.NaN) - committed);
    }
  } finally {
    await worker.stop();
    await unlisten();
    await stopPresence();
    await db.close();
  }
  toPickup.sort((a, b) => a - b);
  toResult.sort((a, b) => a - b);
  return [
    { name: `plans: approval decision → waiting run picked up by a worker p50 (${SAMPLES} runs)`, value: round(percentile(toPickup, 50)), unit: "ms", target: TARGET },
    { name: "plans: approval decision → waiting run picked up by a worker p95", value: round(percentile(toPickup, 95)), unit: "ms" },
    { name: "plans: approval decision → approved call executed, result stored p50", value: round(percentile(toResult, 50)), unit: "ms" },
  ];
}

async function until<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("the bench run did not reach the expected state in time");
    await new Promise((r) => setTimeout(r, 5));
  }
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
