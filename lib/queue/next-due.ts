import "server-only";
/**
 * How long until the earliest delayed job becomes runnable, so an idle worker
 * sleeps exactly that long instead of a whole poll interval (S2: a step retried
 * after a second starts after a second, not at the next poll).
 */
import type { PrismaClient } from "../db/generated/client";

type Sql = Pick<PrismaClient, "$queryRaw">;

/** Milliseconds until the next queued job is due (0 if one is due now); null when none is queued. */
export async function nextDueInMs(sql: Sql): Promise<number | null> {
  const rows = await sql.$queryRaw<{ ms: number | null }[]>`
    SELECT (EXTRACT(EPOCH FROM (min("runAt") - now())) * 1000)::float8 AS "ms" FROM "Job" WHERE "status" = 'queued'`;
  const ms = rows[0]?.ms;
  return ms === null || ms === undefined ? null : Math.max(0, Math.ceil(Number(ms)));
}
