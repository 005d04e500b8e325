import "server-only";
/**
 * Issue 24: the hosts as an admin sees them — alive or dead (by the same
 * threshold the claim filter uses, on the database's clock), sandbox slots in
 * use of its slots, jobs running at its last heartbeat, and how many of this
 * workspace's rooms have their worktree on it. Host names and capacities are
 * the installation's, shown to a workspace's admins; nothing of another
 * workspace is counted.
 */
import type { PrismaClient } from "../db/generated/client";
import { hostDeadMs } from "./this-host";

export interface HostView {
  id: string;
  dataDir: string;
  alive: boolean;
  /** milliseconds since its last heartbeat */
  heartbeatAgeMs: number;
  slots: number;
  slotsInUse: number;
  jobsRunning: number;
  /** "bubblewrap", or why this host's sandbox probe failed; null before its first heartbeat said */
  sandbox: string | null;
  startedAt: string;
  /** this workspace's rooms whose worktree is on this host */
  rooms: number;
}

export async function listHosts(prisma: PrismaClient, workspaceId: string): Promise<HostView[]> {
  const rows = await prisma.$queryRaw<
    { id: string; dataDir: string; ageMs: number; slots: number; slotsInUse: number; jobsRunning: number; sandbox: string | null; startedAt: Date; rooms: bigint }[]
  >`
    SELECT h."id", h."dataDir", h."slots", h."slotsInUse", h."jobsRunning", h."sandbox", h."startedAt",
      (EXTRACT(EPOCH FROM (now() - h."heartbeatAt")) * 1000)::float8 AS "ageMs",
      (SELECT count(*) FROM "Room" r WHERE r."hostId" = h."id" AND r."workspaceId" = ${workspaceId}) AS "rooms"
    FROM "Host" h ORDER BY h."id"`;
  const dead = hostDeadMs();
  return rows.map((row) => {
    const age = Math.max(0, Math.round(Number(row.ageMs)));
    return {
      id: row.id,
      dataDir: row.dataDir,
      alive: age <= dead,
      heartbeatAgeMs: age,
      slots: row.slots,
      slotsInUse: row.slotsInUse,
      jobsRunning: row.jobsRunning,
      sandbox: row.sandbox,
      startedAt: row.startedAt.toISOString(),
      rooms: Number(row.rooms),
    };
  });
}
