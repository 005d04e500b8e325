import "server-only";
/**
 * Adds a model turn's tokens to its run and to every run above it (A6, A8): a
 * sub-agent's spend is its parent's spend, so the parent's totals and the
 * project budget that reads them (O6) see it while the child still works, not
 * only when it returns. A run's totals therefore include its sub-agents'; the
 * budget sums only runs without a parent, so nothing counts twice.
 */
import type { PrismaClient } from "../db/generated/client";

/** Depth is bounded by the profiles (A8); this only stops a corrupt chain. */
const MAX_HOPS = 16;

export async function recordRunUsage(prisma: PrismaClient, runId: string, usage: { inputTokens?: number; outputTokens?: number }): Promise<void> {
  const inputTokens = Math.max(0, Math.trunc(usage.inputTokens ?? 0));
  const outputTokens = Math.max(0, Math.trunc(usage.outputTokens ?? 0));
  if (inputTokens === 0 && outputTokens === 0) return;
  await prisma.$transaction(async (tx) => {
    const seen = new Set<string>();
    for (let id: string | null = runId; id && !seen.has(id) && seen.size < MAX_HOPS; ) {
      seen.add(id);
      const run: { parentRunId: string | null } = await tx.run.update({
        where: { id },
        data: { inputTokens: { increment: inputTokens }, outputTokens: { increment: outputTokens } },
        select: { parentRunId: true },
      });
      id = run.parentRunId;
    }
  });
}
