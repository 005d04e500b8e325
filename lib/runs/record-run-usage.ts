import "server-only";
/**
 * Adds a model turn's tokens to its run and to every run above it (A6, A8): a
 * sub-agent's spend is its parent's spend, so the parent's totals and the
 * project budget that reads them (O6) see it while the child still works, not
 * only when it returns. A run's totals therefore include its sub-agents'; the
 * budget sums only runs without a parent, so nothing counts twice.
 */
import type { SqlRunner } from "../db/migrate";

/** Depth is bounded by the profiles (A8); this only stops a corrupt chain. */
const MAX_HOPS = 16;

export async function recordRunUsage(sql: Pick<SqlRunner, "query">, runId: string, usage: { inputTokens?: number; outputTokens?: number }): Promise<void> {
  const inputTokens = Math.max(0, Math.trunc(usage.inputTokens ?? 0));
  const outputTokens = Math.max(0, Math.trunc(usage.outputTokens ?? 0));
  if (inputTokens === 0 && outputTokens === 0) return;
  // One statement (atomic on its own, one round trip per model turn): the chain of runs up from
  // this one, walked by a recursive query whose hop bound stops a corrupt cycle.
  // Sent through the raw runner, not the Prisma client: once per model turn on the worker's hot path.
  await sql.query(
    `WITH RECURSIVE "chain" ("id", "parentRunId", "hops") AS (
      SELECT "id", "parentRunId", 1 FROM "Run" WHERE "id" = $1::text
      UNION
      SELECT r."id", r."parentRunId", c."hops" + 1 FROM "Run" r JOIN "chain" c ON r."id" = c."parentRunId" WHERE c."hops" < $2::int
    )
    UPDATE "Run" SET "inputTokens" = "inputTokens" + $3::int, "outputTokens" = "outputTokens" + $4::int
    WHERE "id" IN (SELECT "id" FROM "chain")`,
    [runId, MAX_HOPS, inputTokens, outputTokens],
  );
}
