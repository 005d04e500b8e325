/**
 * G6, X4, P5 under attack: an agent in a read-only room tries to talk itself
 * into more power through change_mode — repeated calls, a target that names the
 * built-in, a declared mode it was never granted, and a write right after — and
 * gets nowhere without a person; with the approval, the switch happens once.
 */
import { describe, expect, it } from "vitest";
import type { Prisma } from "../../lib/db/generated/client";
import { decideApproval } from "../../lib/approvals/decide-approval";
import { modePolicySchema } from "../../lib/modes/declared";
import { advanceStoredRun } from "../../lib/runtime/advance-stored-run";
import { testDatabase } from "../support/db";
import { createAgent, createRoom, createRun, createUser, createWorkspace } from "../support/factories";

describe("G6: change_mode never widens without a person", () => {
  it("G6, X4: a read-only agent's repeated change_mode calls open one durable request, switch nothing, and its writes stay refused", async () => {
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
    await prisma.room.update({ where: { id: room.id }, data: { declaredMode: "docs-review" } });
    const run = await createRun(prisma, { ...room, agentId: agent.id }, "make the change");

    expect((await advanceStoredRun(db, run.id, { owner: "attacker" }))?.status).toBe("succeeded");
    const calls = await prisma.toolCall.findMany({ where: { runId: run.id }, orderBy: [{ step: "asc" }, { createdAt: "asc" }] });
    const results = calls.map((c) => [c.tool, c.status, JSON.stringify(c.result)]);
    expect(results[0]).toEqual(["change_mode", "executed", expect.stringContaining('"status":"pending"')]);
    expect(results[1]).toEqual(["change_mode", "executed", expect.stringContaining('"status":"pending"')]);
    expect(results[2]).toEqual(["change_mode", "error", expect.stringContaining('There is no mode \\"Chat\\"')]);
    expect(results[3]).toEqual(["change_mode", "error", expect.stringContaining('There is no mode \\"review\\"')]);
    expect(results[4]!.slice(0, 2)).toEqual(["write_file", "refused"]);
    expect(results[5]!.slice(0, 2)).toEqual(["exit_plan_mode", "refused"]);

    expect(await prisma.room.findUniqueOrThrow({ where: { id: room.id } })).toMatchObject({ mode: "chat", declaredMode: "docs-review" });
    const requests = await prisma.approval.findMany({ where: { roomId: room.id } });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ kind: "mode_change", status: "pending", cancelBy: null, targetMode: "chat" });
    expect(await prisma.auditEvent.count({ where: { targetId: room.id, action: "room.mode_changed" } })).toBe(0);

    // The agent cannot decide its own request; a person can, and the next call spends it once.
    await decideApproval(prisma, { workspaceId: workspace.id, approvalId: requests[0]!.id, userId: owner.id, decision: "approve" });
    const again = await createRun(prisma, { ...room, agentId: agent.id }, "make the change");
    await advanceStoredRun(db, again.id, { owner: "attacker" });
    expect(await prisma.room.findUniqueOrThrow({ where: { id: room.id } })).toMatchObject({ mode: "chat", declaredMode: null });
    expect(await prisma.auditEvent.count({ where: { targetId: room.id, action: "room.mode_changed" } })).toBe(1);
    expect(await prisma.approval.findUniqueOrThrow({ where: { id: requests[0]!.id } })).toMatchObject({ status: "applied" });
  }, 60_000);
});
