import "server-only";
/**
 * How long until the earliest delayed job becomes runnable, so an idle worker
 * sleeps exactly that long instead of a whole poll interval (S2: a step retried
 * after a second starts after a second, not at the next poll).
 */
import { Prisma, type PrismaClient } from "../db/generated/client";
import type { JobLane } from "./job-scope";

type Sql = Pick<PrismaClient, "$queryRaw">;

/**
 * Milliseconds until the next queued job is due (0 if one is due now); null when none is queued.
 * With `lanes`, only jobs of those lanes count: a worker whose general slots are all busy waits
 * for review work alone, and must not wake every few milliseconds for general jobs it cannot take.
 */
export async function nextDueInMs(sql: Sql, lanes?: readonly JobLane[]): Promise<number | null> {
  const laneFilter = lanes ? Prisma.sql`AND "lane" = ANY(${[...lanes]}::text[])` : Prisma.empty;
  const rows = await sql.$queryRaw<{ ms: number | null }[]>`
    SELECT (EXTRACT(EPOCH FROM (min("runAt") - now())) * 1000)::float8 AS "ms" FROM "Job" WHERE "status" = 'queued' ${laneFilter}`;
  const ms = rows[0]?.ms;
  return ms === null || ms === undefined ? null : Math.max(0, Math.ceil(Number(ms)));
}
