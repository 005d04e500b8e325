/**
 * Issue 24, on PostgreSQL and PGlite: which host may claim a job that needs a
 * worktree, what a heartbeat records, and the hosts an admin sees.
 */
import { afterEach, describe, expect, it } from "vitest";
import { hostAffinity } from "../../lib/hosts/claim-affinity";
import { beat } from "../../lib/hosts/heartbeat";
import { listHosts } from "../../lib/hosts/list-hosts";
import { orchestrationTickJob } from "../../lib/orchestration/tick-job";
import { claimJob } from "../../lib/queue/claim-job";
import { advanceRunJob, enqueueJob } from "../../lib/queue/enqueue-job";
import { testDatabase } from "../support/db";
import { createRun, createWorkspace } from "../support/factories";

afterEach(() => {
  delete process.env.GATEHOUSE_HOST_ID;
});

async function heldRun(hostId: string) {
  const { prisma } = await testDatabase();
  const workspace = await createWorkspace(prisma);
  const room = await prisma.room.create({ data: { workspaceId: workspace.id, name: "held", worktreePath: "/elsewhere/wt", hostId } });
  const conversation = await prisma.conversation.create({ data: { roomId: room.id, title: "Main" } });
  const run = await createRun(prisma, { id: room.id, workspaceId: workspace.id, agentId: null, conversationId: conversation.id }, "go");
  return { workspace, room, run };
}

describe("issue 24: host affinity", () => {
  it("issue 24.1: a run in a room whose worktree is on a live host is claimed only there; once the heartbeat is older than the threshold, by any host", async () => {
    const { prisma } = await testDatabase();
    const { run } = await heldRun("holder");
    await prisma.job.deleteMany({});
    await prisma.host.create({ data: { id: "holder", dataDir: "/elsewhere", slots: 4 } });
    await enqueueJob(prisma, advanceRunJob(run.id));

    expect(await claimJob(prisma, "other-worker", 30_000, { only: hostAffinity("other", 60_000) })).toBeNull();
    const mine = await claimJob(prisma, "holder-worker", 30_000, { only: hostAffinity("holder", 60_000) });
    expect(mine?.payload).toEqual({ runId: run.id });
    await prisma.job.update({ where: { id: mine!.id }, data: { status: "queued", lockedBy: null, lockedUntil: null } });

    // The holder stops beating: past the threshold it is dead and another host takes the job.
    await prisma.host.update({ where: { id: "holder" }, data: { heartbeatAt: new Date(Date.now() - 120_000) } });
    expect((await claimJob(prisma, "other-worker", 30_000, { only: hostAffinity("other", 60_000) }))?.payload).toEqual({ runId: run.id });
    await prisma.job.deleteMany({});
    await prisma.host.delete({ where: { id: "holder" } });
  });

  it("issue 24.1: a job that needs no worktree (a room without one, another kind) is claimed by any host", async () => {
    const { prisma } = await testDatabase();
    await prisma.job.deleteMany({});
    await prisma.host.create({ data: { id: "busy-holder", dataDir: "/elsewhere", slots: 4 } });
    await enqueueJob(prisma, orchestrationTickJob("o1"));
    expect((await claimJob(prisma, "other-worker", 30_000, { only: hostAffinity("other", 60_000) }))?.kind).toBe("orchestration.tick");
    await prisma.job.deleteMany({});
    await prisma.host.delete({ where: { id: "busy-holder" } });
  });

  it("issue 24.3: a heartbeat records the host's data directory, slots and sandbox probe; the admin list shows health, slots in use, jobs and this workspace's rooms", async () => {
    const { prisma } = await testDatabase();
    process.env.GATEHOUSE_HOST_ID = "beating-host";
    await beat(prisma, 3);
    const { workspace } = await heldRun("beating-host");
    await prisma.host.create({ data: { id: "gone-host", dataDir: "/gone", slots: 8, heartbeatAt: new Date(Date.now() - 3_600_000) } });

    const hosts = await listHosts(prisma, workspace.id);
    const beating = hosts.find((h) => h.id === "beating-host");
    expect(beating).toMatchObject({ alive: true, slots: 16, slotsInUse: 0, jobsRunning: 3, rooms: 1 });
    expect(beating!.dataDir).toMatch(/\S/);
    // Each host reports its own sandbox probe (H1): bubblewrap here, or why not.
    expect(beating!.sandbox).toMatch(/^(bubblewrap|unavailable: .+)$/);
    expect(hosts.find((h) => h.id === "gone-host")).toMatchObject({ alive: false, rooms: 0, slots: 8 });
    // Another workspace's rooms are not counted.
    const other = await createWorkspace(prisma);
    expect((await listHosts(prisma, other.id)).find((h) => h.id === "beating-host")?.rooms).toBe(0);
    await prisma.host.deleteMany({ where: { id: { in: ["beating-host", "gone-host"] } } });
  });
});
