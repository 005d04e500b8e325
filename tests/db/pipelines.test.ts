/**
 * S2, S3: pipelines as data on the queue against real PostgreSQL — the room a
 * step opens gets its mode from extras['mode'] only on an exact match, a step
 * joining a room never changes it, and people pause, resume, retry and cancel.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../lib/db/client";
import type { AppError } from "../../lib/errors/app-error";
import { controlPipeline } from "../../lib/orchestration/control-pipeline";
import { createOrchestration, type NewStep } from "../../lib/orchestration/create-orchestration";
import { retryOrchestration } from "../../lib/orchestration/retry-orchestration";
import { tickOrchestration } from "../../lib/orchestration/tick-orchestration";
import { lockOrchestration } from "../../lib/orchestration/lock-orchestration";
import { orchestrationTickJob } from "../../lib/orchestration/tick-job";
import { enqueueJob } from "../../lib/queue/enqueue-job";
import { makeFixture, type Fixture } from "../../lib/repos/git.test-support";
import { testDatabase } from "../support/db";
import { createAgent, createRoom, createUser, createWorkspace } from "../support/factories";
import { inProcessWorker, plannerScript, waitFor } from "../support/plan-fixtures";

let fx: Fixture;
beforeAll(async () => {
  fx = await makeFixture();
});
afterAll(() => fx.cleanup());

async function setup(db: Database, steps: NewStep[], parallelism = 4, room: { mode?: "chat" | "plan"; autonomy?: "ask" | "auto_edit" | "auto" } = {}) {
  const { prisma } = db;
  const owner = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
  const agent = await createAgent(prisma, workspace.id, plannerScript());
  const parent = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, mode: room.mode ?? "chat", autonomy: room.autonomy ?? "auto_edit", worktreePath: fx.worktree });
  const orchestration = await prisma.$transaction((tx) => createOrchestration(tx, { roomId: parent.id, goal: "Ship it", parallelism, tickets: steps }));
  const ctx = { workspaceId: workspace.id, roomId: parent.id, orchestrationId: orchestration.id, userId: owner.id };
  return { prisma, owner, workspace, agent, parent, orchestration, ctx };
}

const step = (key: string, extra: Partial<NewStep> = {}): NewStep => ({ key, title: `Step ${key}`, description: "Do it.", dependsOn: [], ...extra });
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: unknown) => e as AppError,
  );

describe("pipelines", () => {
  it("S2: a step that opens a room sets its mode from extras['mode'] only on an exact match; near misses get the step's default", async () => {
    const cases: [string, NewStep["kind"], unknown, string][] = [
      ["exact-plan", "agent", "plan", "plan"],
      ["exact-review", "agent", "review", "review"],
      ["exact-chat", "review", "chat", "chat"],
      ["orchestrate", "agent", "orchestrate", "chat"],
      ["orchestrate-review", "review", "orchestrate", "review"],
      ["capital", "agent", "Review", "chat"],
      ["trailing-space", "review", "plan ", "review"],
      ["none", "review", undefined, "review"],
    ];
    const db = await testDatabase();
    const { prisma, orchestration, parent } = await setup(
      db,
      cases.map(([key, kind, mode]) => step(key, { kind, opensRoom: true, extras: mode === undefined ? {} : { mode } })),
      cases.length,
    );
    const tick = await tickOrchestration(prisma, orchestration.id);
    expect(tick?.started).toHaveLength(cases.length);
    const tickets = await prisma.ticket.findMany({ where: { orchestrationId: orchestration.id } });
    for (const [key, , , expected] of cases) {
      const ticket = tickets.find((t) => t.key === key)!;
      expect(ticket.stepRoomId).not.toBe(parent.id);
      const room = await prisma.room.findUniqueOrThrow({ where: { id: ticket.stepRoomId! } });
      expect({ key, mode: room.mode }).toEqual({ key, mode: expected });
      const run = await prisma.run.findUniqueOrThrow({ where: { ticketId: ticket.id } });
      expect(run.roomId).toBe(room.id);
    }
    // One room per step, besides the pipeline's own.
    const opened = await prisma.room.count({ where: { workspaceId: parent.workspaceId } });
    expect(opened).toBe(cases.length + 1);
  });

  it("S3: a step that joins a room it did not create never changes that room's mode or permissions, whatever its extras say", async () => {
    const db = await testDatabase();
    const { prisma, parent, orchestration } = await setup(db, [step("join", { extras: { mode: "review" } }), step("join-plan", { kind: "review", extras: { mode: "chat" } })], 2, {
      mode: "plan",
      autonomy: "ask",
    });
    const before = await prisma.room.findUniqueOrThrow({ where: { id: parent.id } });
    await tickOrchestration(prisma, orchestration.id);
    const worker = await inProcessWorker(db);
    try {
      await waitFor("both steps to finish", async () => (await prisma.ticket.count({ where: { orchestrationId: orchestration.id, status: { in: ["succeeded", "failed"] } } })) === 2);
    } finally {
      await worker.stop();
    }
    const after = await prisma.room.findUniqueOrThrow({ where: { id: parent.id } });
    expect({ mode: after.mode, autonomy: after.autonomy, planShell: after.planShell }).toEqual({ mode: before.mode, autonomy: before.autonomy, planShell: before.planShell });
    const tickets = await prisma.ticket.findMany({ where: { orchestrationId: orchestration.id } });
    expect(tickets.map((t) => t.stepRoomId)).toEqual([parent.id, parent.id]);
    expect(await prisma.room.count({ where: { workspaceId: parent.workspaceId } })).toBe(1);
  });

  it("S2: a paused pipeline starts nothing until it is resumed, then runs its steps in dependency order on the queue", async () => {
    const db = await testDatabase();
    const { prisma, orchestration, ctx } = await setup(db, [step("a"), step("b", { dependsOn: ["a"] })]);
    await controlPipeline(prisma, { ...ctx, action: "pause" });
    expect(await refusal(controlPipeline(prisma, { ...ctx, action: "pause" }))).toMatchObject({ code: "conflict" });
    const worker = await inProcessWorker(db);
    try {
      // The tick queued at creation runs against a paused pipeline: nothing starts.
      await waitFor("the creation tick", async () => (await prisma.job.count({ where: { kind: "orchestration.tick", status: "queued" } })) === 0);
      expect(await prisma.run.count({ where: { ticket: { orchestrationId: orchestration.id } } })).toBe(0);
      expect((await prisma.orchestration.findUniqueOrThrow({ where: { id: orchestration.id } })).pausedReason).toBe("Paused by a person.");

      await controlPipeline(prisma, { ...ctx, action: "resume" });
      const done = await waitFor("the pipeline to finish", async () => {
        const row = await prisma.orchestration.findUniqueOrThrow({ where: { id: orchestration.id } });
        return row.status === "succeeded" ? row : null;
      });
      expect(done.pausedReason).toBeNull();
    } finally {
      await worker.stop();
    }
    const tickets = await prisma.ticket.findMany({ where: { orchestrationId: orchestration.id }, include: { run: true } });
    const a = tickets.find((t) => t.key === "a")!.run!;
    const b = tickets.find((t) => t.key === "b")!.run!;
    expect(b.createdAt.getTime()).toBeGreaterThanOrEqual(a.finishedAt!.getTime());
  });

  it("S2: a person retries one failed step and cancels a pipeline, which then cannot be resumed or retried", async () => {
    const db = await testDatabase();
    const { prisma, orchestration, ctx } = await setup(db, [step("fail-a"), step("b", { dependsOn: ["fail-a"] }), step("c")]);
    const worker = await inProcessWorker(db);
    try {
      await waitFor("the pipeline to stop", async () => (await prisma.orchestration.findUniqueOrThrow({ where: { id: orchestration.id } })).status === "failed");
    } finally {
      await worker.stop();
    }
    const statuses = async () => Object.fromEntries((await prisma.ticket.findMany({ where: { orchestrationId: orchestration.id } })).map((t) => [t.key, t.status]));
    expect(await statuses()).toEqual({ "fail-a": "failed", b: "blocked", c: "succeeded" });
    expect(await refusal(retryOrchestration(prisma, { ...ctx, key: "c" }))).toMatchObject({ code: "conflict" });

    expect(await refusal(controlPipeline(prisma, { ...ctx, action: "pause" }))).toMatchObject({ code: "conflict" });
    const retried = await retryOrchestration(prisma, { ...ctx, key: "fail-a" });
    expect(retried.retried).toEqual(["fail-a", "b"]);
    await controlPipeline(prisma, { ...ctx, action: "pause" });
    await controlPipeline(prisma, { ...ctx, action: "cancel" });
    expect(await statuses()).toEqual({ "fail-a": "blocked", b: "blocked", c: "succeeded" });
    expect((await prisma.orchestration.findUniqueOrThrow({ where: { id: orchestration.id } })).status).toBe("cancelled");
    expect(await refusal(controlPipeline(prisma, { ...ctx, action: "resume" }))).toMatchObject({ code: "conflict" });
    expect(await refusal(retryOrchestration(prisma, { ...ctx }))).toMatchObject({ code: "conflict" });
  });

  it("S2: a worker that died mid-pipeline (its job and run leases left behind) is taken over by another, which finishes every step once", async () => {
    const db = await testDatabase();
    const { prisma, orchestration } = await setup(db, [step("a"), step("b", { dependsOn: ["a"] })]);
    await tickOrchestration(prisma, orchestration.id);
    const runA = await prisma.run.findFirstOrThrow({ where: { ticket: { orchestrationId: orchestration.id, key: "a" } } });
    // What a killed worker leaves: its claimed jobs and the run it was advancing, leased to nobody alive.
    const past = new Date(Date.now() - 60_000);
    await prisma.job.updateMany({ where: { status: "queued" }, data: { status: "running", lockedBy: "dead-worker", lockedUntil: past, attempts: 1 } });
    await prisma.run.update({ where: { id: runA.id }, data: { status: "running", leaseOwner: "dead-worker", leaseUntil: past, startedAt: past } });

    const worker = await inProcessWorker(db);
    try {
      await waitFor("the pipeline to finish", async () => (await prisma.orchestration.findUniqueOrThrow({ where: { id: orchestration.id } })).status === "succeeded", 90_000);
    } finally {
      await worker.stop();
    }
    const tickets = await prisma.ticket.findMany({ where: { orchestrationId: orchestration.id }, include: { run: true } });
    expect(tickets.map((t) => [t.key, t.status]).sort()).toEqual([
      ["a", "succeeded"],
      ["b", "succeeded"],
    ]);
    expect(await prisma.run.count({ where: { ticket: { orchestrationId: orchestration.id } } })).toBe(2);
    expect(tickets.find((t) => t.key === "a")!.run!.id).toBe(runA.id);
  });

  it("S2: a tick that starts while a step's status change is still uncommitted waits for it, so the keyed tick it asked for is never lost", async () => {
    const db = await testDatabase();
    const { prisma, orchestration } = await setup(db, [step("a"), step("b", { dependsOn: ["a"] })]);
    await tickOrchestration(prisma, orchestration.id);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const locked = new Promise<void>((resolve) => (inside = resolve));
    // A step finishing: its status and its tick request in one transaction, under the pipeline's lock.
    const finishing = prisma.$transaction(async (tx) => {
      await lockOrchestration(tx, orchestration.id);
      await tx.ticket.updateMany({ where: { orchestrationId: orchestration.id, key: "a" }, data: { status: "succeeded", result: "done" } });
      await enqueueJob(tx, orchestrationTickJob(orchestration.id));
      inside();
      await held;
    });
    await locked;
    // The tick already queued runs now, before that commit; it must not read the old status and stop.
    const ticking = tickOrchestration(prisma, orchestration.id);
    await new Promise((r) => setTimeout(r, 300));
    release();
    await finishing;
    expect((await ticking)?.started).toEqual(["b"]);
  });
});

