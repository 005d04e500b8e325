/**
 * Declared modes, change_mode and the one mode transition (X1–X4, P5, G6, G7),
 * against real PostgreSQL with the real harness and a scripted agent.
 */
import { describe, expect, it } from "vitest";
import type { ZodError } from "zod";
import { decideApproval } from "../../lib/approvals/decide-approval";
import type { Prisma } from "../../lib/db/generated/client";
import { AppError } from "../../lib/errors/app-error";
import { previewPolicy } from "../../lib/mode-policy/preview-mode-policy";
import { saveModePolicy } from "../../lib/mode-policy/save-mode-policy";
import { modePolicySchema, type DeclaredModeInput, type ModePolicyInput } from "../../lib/modes/declared";
import { roomProfile } from "../../lib/modes/room-mode";
import { requestPlanExit } from "../../lib/plans/request-plan-exit";
import { createRoom as openRoom } from "../../lib/rooms/create-room";
import { changeRoomMode } from "../../lib/rooms/change-room-mode";
import { requestModeChange } from "../../lib/runtime/request-mode-change";
import { updateRoom } from "../../lib/rooms/update-room";
import { advanceStoredRun } from "../../lib/runtime/advance-stored-run";
import { TOOL_SPECS } from "../../lib/tools/registry";
import { testDatabase } from "../support/db";
import { createAgent, createRoom, createRun, createUser, createWorkspace, putRoomInMode } from "../support/factories";

const audit: DeclaredModeInput = {
  id: "security-audit",
  label: "Security audit",
  description: "Reads the code looking for weaknesses and files what it finds.",
  tools: ["read_file", "grep", "list_dir"],
  extends: "chat",
};
const docsReview: DeclaredModeInput = { id: "docs-review", label: "Docs review", description: "Reads the documentation, changes nothing.", extends: "chat", readOnly: true };

async function setup(policy: ModePolicyInput = {}) {
  const db = await testDatabase();
  const { prisma } = db;
  const owner = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
  await prisma.workspace.update({ where: { id: workspace.id }, data: { modePolicy: modePolicySchema.parse(policy) as unknown as Prisma.InputJsonValue } });
  return { db, prisma, owner, workspace };
}

function rejection(promise: Promise<unknown>): Promise<AppError> {
  return promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: unknown) => error as AppError,
  );
}

describe("one mode transition", () => {
  it("P5, G6: a stale plan_exit approval cannot switch a room after the room left and re-entered plan mode", async () => {
    const { prisma, owner, workspace } = await setup();
    const room = await createRoom(prisma, { workspaceId: workspace.id, mode: "plan" });
    const ctx = { workspaceId: workspace.id, roomId: room.id, runId: null };
    const first = await requestPlanExit(prisma, ctx, "done planning");
    await decideApproval(prisma, { workspaceId: workspace.id, approvalId: first.approvalId!, userId: owner.id, decision: "approve" });

    // A person leaves with the dropdown before the agent uses the approval, then comes back.
    await updateRoom(prisma, { workspaceId: workspace.id, roomId: room.id, userId: owner.id }, { mode: "chat" });
    await updateRoom(prisma, { workspaceId: workspace.id, roomId: room.id, userId: owner.id }, { mode: "plan" });
    expect(await prisma.approval.findUniqueOrThrow({ where: { id: first.approvalId! } })).toMatchObject({ status: "applied" });

    const again = await requestPlanExit(prisma, ctx, "again");
    expect(again.status).toBe("pending");
    expect(again.approvalId).not.toBe(first.approvalId);
    expect((await prisma.room.findUniqueOrThrow({ where: { id: room.id } })).mode).toBe("plan");

    // An undecided request from an earlier stay can no longer be approved either.
    await updateRoom(prisma, { workspaceId: workspace.id, roomId: room.id, userId: owner.id }, { mode: "chat" });
    const late = await rejection(decideApproval(prisma, { workspaceId: workspace.id, approvalId: again.approvalId!, userId: owner.id, decision: "approve" }));
    expect(late.code).toBe("conflict");
  });

  it("X1, P6: every path writes one audit shape and one event; a review room stays in review; an unknown mode is refused", async () => {
    const { prisma, owner, workspace } = await setup({ modes: [audit] });
    const room = await createRoom(prisma, { workspaceId: workspace.id, mode: "chat" });
    const by = { workspaceId: workspace.id, roomId: room.id, userId: owner.id };
    await updateRoom(prisma, by, { mode: "security-audit" });
    expect(roomProfile(await prisma.room.findUniqueOrThrow({ where: { id: room.id } }))).toMatchObject({ id: "security-audit", mode: "chat" });
    await updateRoom(prisma, by, { mode: "plan" });
    const exit = await requestPlanExit(prisma, { workspaceId: workspace.id, roomId: room.id, runId: null });
    await decideApproval(prisma, { workspaceId: workspace.id, approvalId: exit.approvalId!, userId: owner.id, decision: "approve" });
    await requestPlanExit(prisma, { workspaceId: workspace.id, roomId: room.id, runId: null });

    const audits = await prisma.auditEvent.findMany({ where: { targetId: room.id, action: "room.mode_changed" }, orderBy: { createdAt: "asc" } });
    expect(audits.map((a) => a.data)).toEqual([
      { mode: { from: "chat", to: "security-audit" }, base: { from: "chat", to: "chat" }, via: "dropdown", approvalId: null, runId: null },
      { mode: { from: "security-audit", to: "plan" }, base: { from: "chat", to: "plan" }, via: "dropdown", approvalId: null, runId: null },
      { mode: { from: "plan", to: "chat" }, base: { from: "plan", to: "chat" }, via: "exit_plan_mode", approvalId: exit.approvalId, runId: null },
    ]);
    expect(audits.every((a) => a.actorId === owner.id)).toBe(true);
    expect(await prisma.runEvent.count({ where: { roomId: room.id, type: "room.mode_changed" } })).toBe(3);

    const unknown = await rejection(updateRoom(prisma, by, { mode: "no-such-mode" }));
    expect(unknown.message).toContain('"no-such-mode" is not a mode this room can switch to');
    const review = await createRoom(prisma, { workspaceId: workspace.id, mode: "review" });
    const stays = await rejection(prisma.$transaction((tx) => changeRoomMode(tx, { workspaceId: workspace.id, roomId: review.id, to: "chat", via: "pipeline", actorId: null })));
    expect(stays.message).toContain("stays in Review mode");
  });

  it("X1: a fresh room starts in the declared default mode, else the first declared one", async () => {
    const { prisma, owner, workspace } = await setup({ modes: [docsReview, audit], defaultMode: "security-audit" });
    const ctx = { workspaceId: workspace.id, userId: owner.id };
    expect(roomProfile(await openRoom(prisma, ctx, { name: "fresh", autonomy: "auto" }))).toMatchObject({ id: "security-audit", mode: "chat" });
    await prisma.workspace.update({ where: { id: workspace.id }, data: { modePolicy: modePolicySchema.parse({ modes: [docsReview, audit] }) as unknown as Prisma.InputJsonValue } });
    expect(roomProfile(await openRoom(prisma, ctx, { name: "fresh 2", autonomy: "auto" }))).toMatchObject({ id: "docs-review", mode: "chat" });
    expect(await openRoom(prisma, ctx, { name: "picked", mode: "plan", autonomy: "auto" })).toMatchObject({ mode: "plan", modeDeclaration: null });
  });
});

describe("change_mode", () => {
  it("X4: a cancelled switch is refused, the agent is told and the mode is unchanged; unopposed, it applies from the next step of the same turn", async () => {
    const { db, prisma, owner, workspace } = await setup({ modes: [audit], agentCanSwitchMode: true, switchCancelSeconds: 4 });
    const agent = await createAgent(prisma, workspace.id, {
      scenarios: [
        {
          steps: [
            { toolCalls: [{ name: "change_mode", args: { mode: "security-audit", reason: "audit the login code" } }] },
            { toolCalls: [{ name: "change_mode", args: { mode: "security-audit", reason: "please" } }] },
            { toolCalls: [{ name: "write_file", args: { path: "x.md", content: "x" } }] },
            { text: "Done." },
          ],
        },
      ],
    });
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, mode: "chat" });
    const run = await createRun(prisma, { ...room, agentId: agent.id }, "audit the login code");

    // A person cancels the first request while its window is open.
    const cancelFirst = (async () => {
      for (;;) {
        const pending = await prisma.approval.findFirst({ where: { roomId: room.id, kind: "mode_change", status: "pending" } });
        if (pending) {
          expect(pending.cancelBy).not.toBeNull();
          return decideApproval(prisma, { workspaceId: workspace.id, approvalId: pending.id, userId: owner.id, decision: "reject", comment: "not now" });
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const result = await advanceStoredRun(db, run.id, { owner: "test" });
    await cancelFirst;
    expect(result?.status).toBe("succeeded");

    const calls = await prisma.toolCall.findMany({ where: { runId: run.id }, orderBy: { step: "asc" } });
    expect(calls.map((c) => [c.tool, c.status])).toEqual([
      ["change_mode", "error"],
      ["change_mode", "executed"],
      ["write_file", "refused"],
    ]);
    expect(JSON.stringify(calls[0]!.result)).toContain("A person cancelled the switch to Security audit mode (not now); the mode is unchanged");
    expect(JSON.stringify(calls[1]!.result)).toContain("Switched: the room is in Security audit mode from your next step");
    // The next step of the same run is gated by the new mode's grants (X2).
    expect(calls[2]!.reason).toContain("write_file is not available in this mode (Security audit; removed by the mode's profile)");
    expect(roomProfile(await prisma.room.findUniqueOrThrow({ where: { id: room.id } }))).toMatchObject({ id: "security-audit", mode: "chat" });

    // G7: the run and every decision name the capability they were made under; the switch changed it.
    const stored = await prisma.run.findUniqueOrThrow({ where: { id: run.id } });
    expect(stored.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(calls.every((c) => /^[0-9a-f]{64}$/.test(c.fingerprint ?? ""))).toBe(true);
    expect(calls[0]!.fingerprint).toBe(calls[1]!.fingerprint);
    expect(calls[2]!.fingerprint).not.toBe(calls[1]!.fingerprint);
    expect(calls[2]!.fingerprint).toBe(stored.fingerprint);
    const switched = await prisma.auditEvent.findFirstOrThrow({ where: { targetId: room.id, action: "room.mode_changed" } });
    expect(switched).toMatchObject({ actorId: null, data: { via: "change_mode", runId: run.id, mode: { from: "chat", to: "security-audit" } } });
  }, 30_000);

  it("G6, X4: a switch that widens waits for a durable approval; approving it switches the room at once, spends the approval and answers the waiting call", async () => {
    const { prisma, owner, workspace } = await setup({ modes: [docsReview], agentCanSwitchMode: true });
    const room = await createRoom(prisma, { workspaceId: workspace.id, mode: "chat" });
    await putRoomInMode(prisma, room.id, "docs-review");
    const run = await createRun(prisma, { ...room, agentId: null }, "fix the typo");
    const ctx = { workspaceId: workspace.id, roomId: room.id, runId: run.id };

    const asked = await requestModeChange(prisma, ctx, { mode: "chat", reason: "I need to fix the typo" });
    expect(asked).toMatchObject({ status: "pending" });
    expect(asked.message).toContain("widens what you may do, so a person must approve it");
    const approval = await prisma.approval.findUniqueOrThrow({ where: { id: asked.approvalId! } });
    expect(approval).toMatchObject({ kind: "mode_change", targetMode: "chat", targetVersion: "built-in:chat", cancelBy: null, status: "pending" });
    expect(await requestModeChange(prisma, ctx, { mode: "chat" })).toMatchObject({ status: "pending", approvalId: asked.approvalId });

    await decideApproval(prisma, { workspaceId: workspace.id, approvalId: asked.approvalId!, userId: owner.id, decision: "approve" });
    expect(await prisma.room.findUniqueOrThrow({ where: { id: room.id } })).toMatchObject({ mode: "chat", modeDeclaration: null });
    expect(await prisma.approval.findUniqueOrThrow({ where: { id: asked.approvalId! } })).toMatchObject({ status: "applied", decidedById: owner.id });
    expect(await requestModeChange(prisma, ctx, { mode: "chat" })).toMatchObject({ status: "switched", message: "The room is already in Agent mode." });
    const switched = await prisma.auditEvent.findFirstOrThrow({ where: { targetId: room.id, action: "room.mode_changed" } });
    expect(switched).toMatchObject({ actorId: owner.id, data: { via: "change_mode", approvalId: asked.approvalId, mode: { from: "docs-review", to: "chat" } } });
  });

  it("P5, X4: change_mode out of plan mode is the plan_exit gate, whatever the target", async () => {
    const { prisma, owner, workspace } = await setup({ agentCanSwitchMode: true });
    const room = await createRoom(prisma, { workspaceId: workspace.id, mode: "plan" });
    const ctx = { workspaceId: workspace.id, roomId: room.id, runId: null };
    const asked = await requestModeChange(prisma, ctx, { mode: "chat" });
    expect(asked.status).toBe("pending");
    expect(await prisma.approval.findUniqueOrThrow({ where: { id: asked.approvalId! } })).toMatchObject({ kind: "plan_exit", targetMode: "chat" });
    // exit_plan_mode finds the same gate: one request, not two.
    expect(await requestPlanExit(prisma, ctx)).toMatchObject({ status: "pending", approvalId: asked.approvalId });
    await decideApproval(prisma, { workspaceId: workspace.id, approvalId: asked.approvalId!, userId: owner.id, decision: "approve" });
    expect(await requestModeChange(prisma, ctx, { mode: "chat" })).toMatchObject({ status: "switched" });
    expect((await prisma.room.findUniqueOrThrow({ where: { id: room.id } })).mode).toBe("chat");
  });

  it("X4: without agent_can_switch_mode the tool is refused, and an unknown mode is named with the list", async () => {
    const { prisma, workspace } = await setup({ modes: [audit] });
    const room = await createRoom(prisma, { workspaceId: workspace.id, mode: "chat" });
    const ctx = { workspaceId: workspace.id, roomId: room.id, runId: null };
    expect(await requestModeChange(prisma, ctx, { mode: "security-audit" })).toMatchObject({ status: "refused", message: "This workspace does not let agents switch modes." });
    await prisma.workspace.update({ where: { id: workspace.id }, data: { modePolicy: modePolicySchema.parse({ modes: [audit], agentCanSwitchMode: true }) as unknown as Prisma.InputJsonValue } });
    expect((await requestModeChange(prisma, ctx, { mode: "yolo" })).message).toBe('There is no mode "yolo" to switch to. Modes: chat, plan, orchestrate, security-audit.');
  });
});

describe("editing the policy", () => {
  it("X1, G7: a bad declaration is refused naming each field; the preview shows each agent's surface and the diff before saving; saving audits it", async () => {
    const { prisma, owner, workspace } = await setup();
    const agent = await createAgent(prisma, workspace.id, null, { restrictModules: true, moduleAllowlist: ["write_file"] });
    const ctx = { workspaceId: workspace.id, userId: owner.id };
    const bad = await saveModePolicy(prisma, ctx, { modes: [{ ...audit, accent: "red", tools: ["read_file", "launch"] }] }).then(
      () => null,
      (error: ZodError) => error.issues.map((i) => `${i.path.join(".")}: ${i.message}`),
    );
    expect(bad).toEqual(["modes.0.accent: must be a colour like #0f766e"]);
    const unknownTool = await saveModePolicy(prisma, ctx, { modes: [{ ...audit, tools: ["read_file", "launch"] }] }).then(
      () => null,
      (error: ZodError) => error.issues.map((i) => `${i.path.join(".")}: ${i.message}`),
    );
    expect(unknownTool).toEqual(['modes.0.tools.1: "launch" is not a Gatehouse tool']);

    const next = modePolicySchema.parse({ modes: [audit], workspaceGrants: null });
    const preview = previewPolicy(modePolicySchema.parse({}), next, [agent], [], TOOL_SPECS);
    expect(preview.surfaces.find((s) => s.mode === "security-audit")).toMatchObject({ agent: agent.name, tools: expect.arrayContaining(["read_file", "grep", "list_dir", "ask_user"]) });
    expect(preview.changes).toEqual([expect.objectContaining({ agent: agent.name, mode: "security-audit", kind: "new" })]);

    const saved = await saveModePolicy(prisma, ctx, { modes: [audit] });
    expect(saved.selectable.map((m) => m.id)).toEqual(["chat", "plan", "orchestrate", "security-audit"]);
    const logged = await prisma.auditEvent.findFirstOrThrow({ where: { workspaceId: workspace.id, action: "workspace.modes_updated" } });
    expect(logged.data).toMatchObject({ modes: ["security-audit"], changes: [{ mode: "security-audit", kind: "new" }] });
  });
});
