import "server-only";
/**
 * Issue 24: a worker's host says it is alive. Every few seconds it upserts its
 * Host row — data directory, sandbox slots, slots in use, jobs running and its
 * sandbox probe's answer —
 * with `heartbeatAt = now()` (the database's clock, the same one the claim
 * filter compares with, so hosts' clocks need not agree).
 */
import { dataDir } from "../config/data-dir";
import { env } from "../config/env";
import type { PrismaClient } from "../db/generated/client";
import { detectSandbox } from "../sandbox/detect-sandbox";
import { sandboxSlotsInUse } from "../sandbox/sandbox-slots";
import { heartbeatEveryMs, thisHostId } from "./this-host";

type Sql = Pick<PrismaClient, "$executeRaw">;

export async function beat(sql: Sql, jobsRunning: number): Promise<void> {
  const id = thisHostId();
  const slots = env().GATEHOUSE_SANDBOX_TOTAL;
  const used = sandboxSlotsInUse();
  // The probe runs once per process (cached): each host says whether its own sandbox is a boundary.
  const probe = await detectSandbox();
  const sandbox = probe.available ? "bubblewrap" : `unavailable: ${probe.reason}`.slice(0, 500);
  await sql.$executeRaw`
    INSERT INTO "Host" ("id", "dataDir", "slots", "slotsInUse", "jobsRunning", "sandbox", "startedAt", "heartbeatAt")
    VALUES (${id}, ${dataDir()}, ${slots}, ${used}, ${jobsRunning}, ${sandbox}, now(), now())
    ON CONFLICT ("id") DO UPDATE SET "dataDir" = EXCLUDED."dataDir", "slots" = EXCLUDED."slots", "sandbox" = EXCLUDED."sandbox",
      "slotsInUse" = EXCLUDED."slotsInUse", "jobsRunning" = EXCLUDED."jobsRunning", "heartbeatAt" = now()`;
}

/** Beats now and then every heartbeatEveryMs until stopped; a failed beat is retried at the next tick. */
export async function startHeartbeat(sql: Sql, jobsRunning: () => number, log?: (message: string) => void): Promise<() => void> {
  await beat(sql, jobsRunning());
  const timer = setInterval(() => {
    beat(sql, jobsRunning()).catch((error) => log?.(`heartbeat failed: ${(error as Error).message}`));
  }, heartbeatEveryMs());
  timer.unref?.();
  return () => clearInterval(timer);
}
