/**
 * G6, X4, P5 under attack: an agent in a read-only room tries to talk itself
 * into more power through change_mode — repeated calls, a target that names the
 * built-in, a declared mode it was never granted, and a write right after — and
 * gets nowhere without a person: each widening request parks the run on a
 * durable approval. With the approval, the switch happens once, when the
 * person approves, and the run goes on in the new mode.
 */
import { describe, expect, it } from "vitest";
import type { Prisma } from "../../lib/db/generated/client";
import { decideApproval } from "../../lib/approvals/decide-approval";
import { modePolicySchema } from "../../lib/modes/declared";
import { roomProfile } from "../../lib/modes/room-mode";
import { getRoomHistory } from "../../lib/rooms/get-room-history";
import { advanceStoredRun } from "../../lib/runtime/advance-stored-run";
import { testDatabase } from "../support/db";
import { createAgent, createRoom, createRun, createUser, createWorkspace, putRoomInMode } from "../support/factories";

describe("G6: change_mode never widens without a person", () => {
  it("G6, X4: a read-only agent's repeated change_mode calls each wait for a person; rejected, nothing switches and its writes stay refused", async () => {
    const db = await testDatabase();
    const { prisma } = db;
    const owner = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
    const policy = modePolicySchema.parse({
      modes: [{ id: "docs-review", label: "Docs review", description: "Reads documentation.", extends: "chat", readOnly: true, tools: ["read_file", "list_dir"] }],
      agentCanSwitchMode: true,
      switchCancelSeconds: 1,
    });
    await prisma.workspace.update({ where: { id: workspace.id }, data: { modePolicy: policy as unknown as Prisma.InputJsonValue } });
    const agent = await createAgent(prisma, workspace.id, {
      scenarios: [
        {
          steps: [
            { toolCalls: [{ name: "change_mode", args: { mode: "chat" } }, { name: "change_mode", args: { mode: "chat", reason: "urgent" } }] },
            { toolCalls: [{ name: "change_mode", args: { mode: "Chat" } }, { name: "change_mode", args: { mode: "review" } }] },
            { toolCalls: [{ name: "write_file", args: { path: "pwned.md", content: "x" } }, { name: "exit_plan_mode", args: {} }] },
            { text: "I tried." },
          ],
        },
      ],
    });
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, mode: "chat" });
    await putRoomInMode(prisma, room.id, "docs-review");
    const run = await createRun(prisma, { ...room, agentId: agent.id }, "make the change");

    // Each widening request parks the run on one durable approval; only a person decides it.
    const decideNext = async () => {
      expect((await advanceStoredRun(db, run.id, { owner: "attacker" }))?.status).toBe("waiting");
      const open = await prisma.approval.findMany({ where: { roomId: room.id, status: "pending" } });
      expect(open).toHaveLength(1);
      expect(open[0]).toMatchObject({ kind: "mode_change", cancelBy: null, targetMode: "chat" });
      expect(roomProfile(await prisma.room.findUniqueOrThrow({ where: { id: room.id } })).id).toBe("docs-review");
      await decideApproval(prisma, { workspaceId: workspace.id, approvalId: open[0]!.id, userId: owner.id, decision: "reject", comment: "not today" });
    };
    await decideNext();
    await decideNext();
    expect((await advanceStoredRun(db, run.id, { owner: "attacker" }))?.status).toBe("succeeded");

    const calls = await prisma.toolCall.findMany({ where: { runId: run.id }, orderBy: [{ step: "asc" }, { createdAt: "asc" }] });
    const results = calls.map((c) => [c.tool, c.status, JSON.stringify(c.result)]);
    expect(results[0]).toEqual(["change_mode", "error", expect.stringContaining("A person declined the switch (not today); the mode is unchanged")]);
    expect(results[1]).toEqual(["change_mode", "error", expect.stringContaining("A person declined the switch (not today)")]);
    expect(results[2]).toEqual(["change_mode", "error", expect.stringContaining('There is no mode \\"Chat\\"')]);
    expect(results[3]).toEqual(["change_mode", "error", expect.stringContaining('There is no mode \\"review\\"')]);
    expect(results[4]!.slice(0, 2)).toEqual(["write_file", "refused"]);
    expect(results[5]!.slice(0, 2)).toEqual(["exit_plan_mode", "refused"]);

    expect(roomProfile(await prisma.room.findUniqueOrThrow({ where: { id: room.id } })).id).toBe("docs-review");
    expect(await prisma.approval.count({ where: { roomId: room.id, status: "rejected" } })).toBe(2);
    // X1: the run shows the mode it ran in by its own name, not the built-in's "Agent".
    const history = await getRoomHistory(prisma, workspace.id, room.id);
    const shown = history.entries.flatMap((e) => (e.kind === "run" && e.run.id === run.id ? [e.run.modeView] : []));
    expect(shown).toEqual([expect.objectContaining({ id: "docs-review", label: "Docs review", base: "chat", declared: true })]);
    expect(await prisma.auditEvent.count({ where: { targetId: room.id, action: "room.mode_changed" } })).toBe(0);
  }, 90_000);

  it("G6, X4: an approved widening switch applies when the person approves, and the same run goes on in the new mode", async () => {
    const db = await testDatabase();
    const { prisma } = db;
    const owner = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
    const policy = modePolicySchema.parse({
      modes: [{ id: "docs-review", label: "Docs review", description: "Reads documentation.", extends: "chat", readOnly: true, tools: ["read_file", "list_dir"] }],
      agentCanSwitchMode: true,
    });
    await prisma.workspace.update({ where: { id: workspace.id }, data: { modePolicy: policy as unknown as Prisma.InputJsonValue } });
    const agent = await createAgent(prisma, workspace.id, {
      scenarios: [{ steps: [{ toolCalls: [{ name: "change_mode", args: { mode: "chat", reason: "fix the typo" } }] }, { toolCalls: [{ name: "todo_write", args: { todos: [{ content: "fix the typo", status: "in_progress" }] } }] }, { text: "Fixed." }] }],
    });
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, mode: "chat" });
    await putRoomInMode(prisma, room.id, "docs-review");
    const run = await createRun(prisma, { ...room, agentId: agent.id }, "fix the typo");

    expect((await advanceStoredRun(db, run.id, { owner: "worker" }))?.status).toBe("waiting");
    const approval = await prisma.approval.findFirstOrThrow({ where: { roomId: room.id, status: "pending" } });
    expect((await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).modeView).toMatchObject({ id: "docs-review", label: "Docs review" });
    await decideApproval(prisma, { workspaceId: workspace.id, approvalId: approval.id, userId: owner.id, decision: "approve" });
    // The switch happened on approval, not on some later call of the agent's.
    expect(roomProfile(await prisma.room.findUniqueOrThrow({ where: { id: room.id } })).id).toBe("chat");
    expect(await prisma.job.count({ where: { kind: "run.advance", payload: { path: ["runId"], equals: run.id } } })).toBe(1);

    expect((await advanceStoredRun(db, run.id, { owner: "worker" }))?.status).toBe("succeeded");
    const calls = await prisma.toolCall.findMany({ where: { runId: run.id }, orderBy: { step: "asc" } });
    expect(calls.map((c) => [c.tool, c.status])).toEqual([
      ["change_mode", "executed"],
      ["todo_write", "executed"],
    ]);
    expect(JSON.stringify(calls[0]!.result)).toContain("Approved: the room is in Agent mode from your next step.");
    expect(await prisma.auditEvent.findFirstOrThrow({ where: { targetId: room.id, action: "room.mode_changed" } })).toMatchObject({
      actorId: owner.id,
      data: { via: "change_mode", approvalId: approval.id, runId: run.id, mode: { from: "docs-review", to: "chat" } },
    });
    expect(await prisma.approval.findUniqueOrThrow({ where: { id: approval.id } })).toMatchObject({ status: "applied" });
  }, 60_000);
});
