/**
 * P5 under concurrency, against real PostgreSQL: however many exit_plan_mode
 * calls arrive at once, a room gets exactly one pending plan_exit approval;
 * after approval the next call switches the room to chat (once); after a
 * rejection a call opens a fresh request; decisions on decided approvals are
 * 409 and change nothing.
 */
import { afterAll, describe, expect, it } from "vitest";
import { decideApproval } from "../../lib/approvals/decide-approval";
import { openDatabase, type Database } from "../../lib/db/client";
import { AppError } from "../../lib/errors/app-error";
import { requestPlanExit } from "../../lib/plans/request-plan-exit";
import { testDatabase } from "../support/db";
import { createRoom, createUser, createWorkspace } from "../support/factories";

/** Separate connection pools, as separate web processes and workers would have. */
const extra: Database[] = [];
async function connections(n: number): Promise<Database[]> {
  while (extra.length < n) extra.push(await openDatabase({ url: process.env.DATABASE_URL, migrate: false }));
  return extra.slice(0, n);
}
afterAll(async () => {
  await Promise.all(extra.map((db) => db.close()));
});

async function planRoom() {
  const { prisma } = await testDatabase();
  const owner = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
  const room = await createRoom(prisma, { workspaceId: workspace.id, mode: "plan" });
  return { prisma, owner, workspace, room, ctx: { workspaceId: workspace.id, roomId: room.id, runId: null } };
}

function rejection(promise: Promise<unknown>): Promise<AppError> {
  return promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: unknown) => error as AppError,
  );
}

describe("P5: the plan_exit gate under concurrency", () => {
  it("P5: 25 concurrent exit_plan_mode calls from 5 connections open exactly one plan_exit approval", async () => {
    const { prisma, room, ctx } = await planRoom();
    const pools = await connections(5);
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => requestPlanExit(pools[i % pools.length]!.prisma, ctx, `attempt ${i}`)));

    expect(results.every((r) => r.status === "pending")).toBe(true);
    const approvals = await prisma.approval.findMany({ where: { roomId: room.id, kind: "plan_exit" } });
    expect(approvals).toHaveLength(1);
    expect(new Set(results.map((r) => r.approvalId))).toEqual(new Set([approvals[0]!.id]));
    expect((await prisma.room.findUniqueOrThrow({ where: { id: room.id } })).mode).toBe("plan");
    expect(await prisma.runEvent.count({ where: { roomId: room.id, type: "approval.requested" } })).toBe(1);
  });

  it("P5: later calls stay pending; after approval the next call switches the room to chat exactly once, even when calls race", async () => {
    const { prisma, owner, workspace, room, ctx } = await planRoom();
    const first = await requestPlanExit(prisma, ctx);
    expect(await requestPlanExit(prisma, ctx)).toMatchObject({ status: "pending", approvalId: first.approvalId });

    await decideApproval(prisma, { workspaceId: workspace.id, approvalId: first.approvalId!, userId: owner.id, decision: "approve" });
    expect((await prisma.room.findUniqueOrThrow({ where: { id: room.id } })).mode).toBe("plan"); // the decision alone switches nothing

    const pools = await connections(5);
    const after = await Promise.all(Array.from({ length: 10 }, (_, i) => requestPlanExit(pools[i % pools.length]!.prisma, ctx)));
    expect(after.every((r) => r.status === "switched")).toBe(true);
    expect((await prisma.room.findUniqueOrThrow({ where: { id: room.id } })).mode).toBe("chat");
    expect(await prisma.approval.findUniqueOrThrow({ where: { id: first.approvalId! } })).toMatchObject({ status: "applied" });
    const audits = await prisma.auditEvent.findMany({ where: { targetId: room.id, action: "room.mode_changed" } });
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorId).toBe(owner.id);
  });

  it("P5: after a rejection the room stays in plan mode and the next call opens a fresh request", async () => {
    const { prisma, owner, workspace, room, ctx } = await planRoom();
    const first = await requestPlanExit(prisma, ctx);
    await decideApproval(prisma, { workspaceId: workspace.id, approvalId: first.approvalId!, userId: owner.id, decision: "reject", comment: "revise the plan first" });

    const second = await requestPlanExit(prisma, ctx, "revised plan v2");
    expect(second.status).toBe("pending");
    expect(second.approvalId).not.toBe(first.approvalId);
    expect((await prisma.room.findUniqueOrThrow({ where: { id: room.id } })).mode).toBe("plan");
    const rows = await prisma.approval.findMany({ where: { roomId: room.id, kind: "plan_exit" }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => r.status)).toEqual(["rejected", "pending"]);
  });

  it("P5: deciding a decided approval is a 409 and changes nothing; of 10 concurrent decisions exactly one wins", async () => {
    const { prisma, owner, workspace, ctx } = await planRoom();
    const member = await createUser(prisma);
    await prisma.membership.create({ data: { workspaceId: workspace.id, userId: member.id, role: "member" } });
    const { approvalId } = await requestPlanExit(prisma, ctx);

    const pools = await connections(5);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        decideApproval(pools[i % pools.length]!.prisma, { workspaceId: workspace.id, approvalId: approvalId!, userId: i % 2 ? owner.id : member.id, decision: i % 3 ? "approve" : "reject" }),
      ),
    );
    const won = outcomes.filter((o) => o.status === "fulfilled");
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost.every((o) => o.reason instanceof AppError && o.reason.code === "conflict")).toBe(true);

    const decided = await prisma.approval.findUniqueOrThrow({ where: { id: approvalId! } });
    const error = await rejection(decideApproval(prisma, { workspaceId: workspace.id, approvalId: approvalId!, userId: owner.id, decision: decided.status === "approved" ? "reject" : "approve", comment: "changed my mind" }));
    expect(error.code).toBe("conflict");
    expect(error.message).toContain("already decided");
    expect(await prisma.approval.findUniqueOrThrow({ where: { id: approvalId! } })).toEqual(decided);
    expect(await prisma.auditEvent.count({ where: { targetId: approvalId!, action: { startsWith: "approval." } } })).toBe(1);
  });

  it("P5: an approval of another workspace is not found, and nothing changes", async () => {
    const { prisma, owner, ctx } = await planRoom();
    const other = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
    const { approvalId } = await requestPlanExit(prisma, ctx);
    const error = await rejection(decideApproval(prisma, { workspaceId: other.id, approvalId: approvalId!, userId: owner.id, decision: "approve" }));
    expect(error.code).toBe("not_found");
    expect((await prisma.approval.findUniqueOrThrow({ where: { id: approvalId! } })).status).toBe("pending");
  });
});
