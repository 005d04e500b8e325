import "server-only";
/**
 * O6: a project enforces its proposal's budget — runs, minutes, tokens.
 *
 * Usage is read from the runs that spent it: tokens as the provider reported
 * them, minutes as the runs' wall time (from the start of their first turn to
 * their end, or now while they go — time spent waiting for people counts, as
 * it is wall-clock time the work took), runs as every run started for the
 * project, retried ones included.
 *
 * Reaching a limit pauses the pipeline before the next model call (the
 * harness asks budgetHold first) and before the next step starts (the tick
 * asks), and raises one "budget" item in the inbox; only the transition to
 * paused raises it, so concurrent runs hitting the limit raise one item.
 */
import type { Prisma, PrismaClient } from "../db/generated/client";
import { recordEvent } from "../events/record-event";
import { PIPELINE_EVENTS } from "../pipelines/pipeline-events";

type Db = PrismaClient | Prisma.TransactionClient;

export interface ProjectUsage {
  runs: number;
  inputTokens: number;
  outputTokens: number;
  tokens: number;
  minutes: number;
}

export interface BudgetLimits {
  maxRuns: number | null;
  maxMinutes: number | null;
  maxTokens: number | null;
}

export async function projectUsage(db: Db, projectId: string, now = new Date()): Promise<ProjectUsage> {
  const rows = await db.run.findMany({ where: { projectId }, select: { inputTokens: true, outputTokens: true, startedAt: true, finishedAt: true } });
  let inputTokens = 0;
  let outputTokens = 0;
  let ms = 0;
  for (const r of rows) {
    inputTokens += r.inputTokens;
    outputTokens += r.outputTokens;
    if (r.startedAt) ms += (r.finishedAt ?? now).getTime() - r.startedAt.getTime();
  }
  return { runs: rows.length, inputTokens, outputTokens, tokens: inputTokens + outputTokens, minutes: ms / 60_000 };
}

/**
 * The limit usage has reached, as a sentence, or null. `startingRun` asks
 * whether one more run may start (the runs limit), otherwise whether a
 * started run may call the model again (minutes and tokens).
 */
export function budgetReached(usage: ProjectUsage, limits: BudgetLimits, startingRun: boolean): string | null {
  if (startingRun && limits.maxRuns !== null && usage.runs >= limits.maxRuns) return `the budget's ${limits.maxRuns} runs are used`;
  if (limits.maxTokens !== null && usage.tokens >= limits.maxTokens) return `${usage.tokens} of the budget's ${limits.maxTokens} tokens are used`;
  if (limits.maxMinutes !== null && usage.minutes >= limits.maxMinutes) return `${usage.minutes.toFixed(1)} of the budget's ${limits.maxMinutes} minutes are used`;
  return null;
}

/**
 * Pauses the project's pipeline for its budget and raises the inbox item,
 * inside the caller's transaction. Returns false when the pipeline was not
 * running (already paused, cancelled or done): then nothing is raised again.
 */
export async function pauseForBudget(tx: Prisma.TransactionClient, projectId: string, reason: string): Promise<boolean> {
  const orchestration = await tx.orchestration.findUnique({ where: { projectId }, select: { id: true, roomId: true, room: { select: { workspaceId: true } } } });
  if (!orchestration) return false;
  const pausedReason = `Budget reached: ${reason}. Raise the budget to continue, or cancel the pipeline.`;
  const { count } = await tx.orchestration.updateMany({ where: { id: orchestration.id, status: "running" }, data: { status: "paused", pausedReason } });
  if (count === 0) return false;
  const scope = { workspaceId: orchestration.room.workspaceId, roomId: orchestration.roomId };
  await tx.approval.create({ data: { ...scope, kind: "budget", summary: pausedReason } });
  await recordEvent(tx, { ...scope, type: PIPELINE_EVENTS.budgetReached, data: { orchestrationId: orchestration.id, projectId, reason } });
  await recordEvent(tx, { ...scope, type: PIPELINE_EVENTS.paused, data: { orchestrationId: orchestration.id, by: null, reason: pausedReason } });
  return true;
}

/**
 * O6, asked by the harness before each model call of a run: a reason to hold
 * the run (it parks as waiting), or null to go on. A run of a paused or
 * cancelled pipeline whose budget is spent is held too; a person's pause does
 * not stop a run already going.
 */
export async function budgetHold(prisma: PrismaClient, runId: string): Promise<string | null> {
  return holdFor(prisma, await projectRunOf(prisma, runId));
}

/**
 * `budgetHold` for every model call of one advance of a run. A run's project is
 * fixed before the run is first advanced (it is set in the transaction that
 * queues it), so a run that spends from no project is looked up once, not
 * before every model call; a run with a project is checked every time (O6).
 */
export function budgetCheck(prisma: PrismaClient, runId: string): () => Promise<string | null> {
  let unbudgeted = false;
  return async () => {
    if (unbudgeted) return null;
    const run = await projectRunOf(prisma, runId);
    if (!run?.projectId || !run.project) {
      unbudgeted = true;
      return null;
    }
    return holdFor(prisma, run);
  };
}

async function holdFor(prisma: PrismaClient, run: Awaited<ReturnType<typeof projectRunOf>>): Promise<string | null> {
  if (!run?.projectId || !run.project) return null;
  const reason = budgetReached(await projectUsage(prisma, run.projectId), run.project, false);
  if (!reason) return null;
  const projectId = run.projectId;
  await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "Orchestration" WHERE "projectId" = ${projectId} FOR UPDATE`;
    await pauseForBudget(tx, projectId, reason);
  });
  return `The project's budget is reached (${reason}); the run waits until a person raises it.`;
}

const budgetSelect = { projectId: true, parentRunId: true, project: { select: { maxRuns: true, maxMinutes: true, maxTokens: true } } } as const;

/**
 * The run whose project a run spends from: itself, or for a sub-agent the
 * nearest run above it with a project (A8: a child's spend is its parent's).
 */
async function projectRunOf(prisma: PrismaClient, runId: string) {
  let run = await prisma.run.findUnique({ where: { id: runId }, select: budgetSelect });
  // Depth is bounded by the profiles (A8); the bound only stops a corrupt chain.
  for (let hops = 0; run && !run.projectId && run.parentRunId && hops < 16; hops++) {
    run = await prisma.run.findUnique({ where: { id: run.parentRunId }, select: budgetSelect });
  }
  return run;
}
