/**
 * G8 (with G6, X1–X4, M1): a change of policy is a change of mode. A room in a
 * read-only declared mode whose declaration an admin re-bases, disables,
 * removes or replaces by importing gatehouse.modes.json never becomes a
 * writable Agent room by itself: a narrowing change applies at once, a
 * widening one waits for a person's durable approval in the room, and every
 * such room gets an event and an audit row naming the admin. A scripted agent
 * on the real harness tries to write after each edit. Real PostgreSQL, a real
 * git worktree and repository.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decideApproval } from "../../lib/approvals/decide-approval";
import { openDatabase, type Database } from "../../lib/db/client";
import type { PrismaClient } from "../../lib/db/generated/client";
import { importModePolicy } from "../../lib/mode-policy/import-mode-policy";
import { loadPolicyPreview } from "../../lib/mode-policy/load-policy-preview";
import { saveModePolicy } from "../../lib/mode-policy/save-mode-policy";
import { modePolicySchema, type DeclaredModeInput, type ModePolicyInput } from "../../lib/modes/declared";
import { makeFixture, type Fixture } from "../../lib/repos/git.test-support";
import { getRoomView } from "../../lib/rooms/get-room-view";
import { listRooms } from "../../lib/rooms/list-rooms";
import { updateRoom } from "../../lib/rooms/update-room";
import { advanceStoredRun } from "../../lib/runtime/advance-stored-run";
import { testDatabase } from "../support/db";
import { createAgent, createRoom, createRun, createUser, createWorkspace, uid } from "../support/factories";
import { commitFiles, makeRepo, useDataDir } from "../support/reviews";

let fx: Fixture;
let data: Awaited<ReturnType<typeof useDataDir>>;
beforeAll(async () => {
  fx = await makeFixture();
  data = await useDataDir();
});
afterAll(async () => {
  await fx.cleanup();
  await data.cleanup();
});

/** Reads the documentation and changes nothing: Agent narrowed to a read-only worktree. */
const docsReview = { id: "docs-review", label: "Docs review", description: "Reads the documentation, changes nothing.", extends: "chat", readOnly: true } satisfies DeclaredModeInput;
const other = { id: "triage", label: "Triage", description: "Sorts the issues.", extends: "chat", readOnly: true } satisfies DeclaredModeInput;

/**
 * A workspace with an owner (who approves) and an admin (who edits the
 * policy), a scripted agent that writes `file` on every run, and a room with a
 * worktree that a person put in `docs-review`.
 */
async function roomInDocsReview(policy: ModePolicyInput) {
  const db = await testDatabase();
  const { prisma } = db;
  const owner = await createUser(prisma);
  const admin = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [
    { userId: owner.id, role: "owner" },
    { userId: admin.id, role: "admin" },
  ]);
  const file = `written-${uid()}.md`;
  const agent = await createAgent(prisma, workspace.id, {
    scenarios: [{ steps: [{ toolCalls: [{ name: "write_file", args: { path: file, content: "changed\n" } }] }, { text: "Done." }] }],
  });
  const byAdmin = { workspaceId: workspace.id, userId: admin.id };
  await saveModePolicy(prisma, byAdmin, policy);
  const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, mode: "chat", worktreePath: fx.worktree });
  await updateRoom(prisma, { workspaceId: workspace.id, roomId: room.id, userId: owner.id }, { mode: "docs-review" });
  return { db, prisma, owner, admin, workspace, agent, room, file, byAdmin };
}
type Setup = Awaited<ReturnType<typeof roomInDocsReview>>;

/** The agent's run in the room, through the real harness; returns its write_file call. */
async function agentWrites(t: Setup) {
  const run = await createRun(t.prisma, { ...t.room, agentId: t.agent.id }, "update the docs");
  expect((await advanceStoredRun(t.db, run.id, { owner: "test" }))?.status).toBe("succeeded");
  return t.prisma.toolCall.findFirstOrThrow({ where: { runId: run.id, tool: "write_file" } });
}

async function profileShown(prisma: PrismaClient, workspaceId: string, roomId: string) {
  const view = await getRoomView(prisma, workspaceId, roomId);
  const listed = (await listRooms(prisma, workspaceId)).find((r) => r.id === roomId)!;
  expect(listed.profile).toEqual(view.room.profile);
  return view.room.profile;
}

/**
 * After an edit that widens docs-review: the agent's write is refused, nothing
 * is written, the room still shows Docs review (read-only), and one durable
 * approval waits in the room — with its event and an audit row naming the admin.
 */
async function expectHeld(t: Setup, target: string) {
  const call = await agentWrites(t);
  expect(call.status).toBe("refused");
  expect(existsSync(path.join(fx.worktree, t.file))).toBe(false);
  const shown = await profileShown(t.prisma, t.workspace.id, t.room.id);
  expect(shown).toMatchObject({ id: "docs-review", label: "Docs review", posture: "read-only" });
  expect(shown.label).not.toBe("Agent");

  const approvals = await t.prisma.approval.findMany({ where: { roomId: t.room.id, status: "pending" } });
  expect(approvals).toEqual([expect.objectContaining({ kind: "mode_change", targetMode: target, cancelBy: null, runId: null })]);
  const held = await t.prisma.auditEvent.findFirstOrThrow({ where: { targetId: t.room.id, action: "room.mode_change_requested" } });
  expect(held).toMatchObject({ actorId: t.admin.id, data: { via: "policy", approvalId: approvals[0]!.id, mode: { from: "docs-review", to: target } } });
  const event = await t.prisma.runEvent.findFirstOrThrow({ where: { roomId: t.room.id, type: "room.mode_change_requested" } });
  expect(event.data).toMatchObject({ by: t.admin.id, approvalId: approvals[0]!.id });
  expect(await t.prisma.auditEvent.count({ where: { targetId: t.room.id, action: "room.mode_changed", actorId: t.admin.id } })).toBe(0);
  return approvals[0]!;
}

describe("G8: a policy edit moves the rooms in a mode through the one transition", () => {
  it("G8, G6: re-basing a read-only declared mode onto plan holds the room in its read-only mode (never Agent); approving applies the plan-based mode", async () => {
    const t = await roomInDocsReview({ modes: [docsReview] });
    await saveModePolicy(t.prisma, t.byAdmin, { modes: [{ ...docsReview, readOnly: false, extends: "plan" }] });
    const approval = await expectHeld(t, "docs-review");
    expect(approval.summary).toContain("changed Docs review mode");

    await decideApproval(t.prisma, { workspaceId: t.workspace.id, approvalId: approval.id, userId: t.owner.id, decision: "approve" });
    expect(await t.prisma.room.findUniqueOrThrow({ where: { id: t.room.id } })).toMatchObject({ mode: "plan" });
    expect(await profileShown(t.prisma, t.workspace.id, t.room.id)).toMatchObject({ id: "docs-review", base: "plan", posture: "read-only" });
    expect((await agentWrites(t)).status).toBe("refused");
  }, 120_000);

  it("G8, G6: re-basing onto a writable Agent mode waits for a person; approved, the room becomes writable and the agent's write runs", async () => {
    const t = await roomInDocsReview({ modes: [{ ...docsReview, extends: "orchestrate", readOnly: false }] });
    await saveModePolicy(t.prisma, t.byAdmin, { modes: [{ ...docsReview, extends: "chat", readOnly: false }] });
    const approval = await expectHeld(t, "docs-review");
    await decideApproval(t.prisma, { workspaceId: t.workspace.id, approvalId: approval.id, userId: t.owner.id, decision: "approve" });
    expect(await profileShown(t.prisma, t.workspace.id, t.room.id)).toMatchObject({ id: "docs-review", label: "Docs review", posture: "read-write" });
    expect(await t.prisma.auditEvent.findFirstOrThrow({ where: { targetId: t.room.id, action: "room.mode_changed", actorId: t.owner.id, data: { path: ["via"], equals: "policy" } } })).toMatchObject({
      data: { approvalId: approval.id, mode: { from: "docs-review", to: "docs-review" } },
    });
    expect((await agentWrites(t)).status).toBe("executed");
    expect(existsSync(path.join(fx.worktree, t.file))).toBe(true);
  }, 120_000);

  it("G8, G6: disabling a read-only declared mode does not hand its rooms Agent's writes; a rejected switch leaves the room as it was", async () => {
    const t = await roomInDocsReview({ modes: [docsReview, other] });
    await saveModePolicy(t.prisma, t.byAdmin, { modes: [{ ...docsReview, disabled: true }, other] });
    const approval = await expectHeld(t, "chat");
    expect(approval.summary).toContain("disabled Docs review mode");
    await decideApproval(t.prisma, { workspaceId: t.workspace.id, approvalId: approval.id, userId: t.owner.id, decision: "reject" });
    expect(await profileShown(t.prisma, t.workspace.id, t.room.id)).toMatchObject({ id: "docs-review", posture: "read-only" });
    expect((await agentWrites(t)).status).toBe("refused");
  }, 120_000);

  it("G8, G6: removing a read-only declared mode holds its rooms; the person who approves the switch to Agent is recorded, and only then does the agent write", async () => {
    const t = await roomInDocsReview({ modes: [docsReview] });
    await saveModePolicy(t.prisma, t.byAdmin, { modes: [] });
    const approval = await expectHeld(t, "chat");
    expect(approval.summary).toContain("removed Docs review mode");
    await decideApproval(t.prisma, { workspaceId: t.workspace.id, approvalId: approval.id, userId: t.owner.id, decision: "approve" });
    expect(await t.prisma.room.findUniqueOrThrow({ where: { id: t.room.id } })).toMatchObject({ mode: "chat", modeDeclaration: null });
    expect(await profileShown(t.prisma, t.workspace.id, t.room.id)).toMatchObject({ id: "chat", label: "Agent" });
    expect(await t.prisma.auditEvent.findFirstOrThrow({ where: { targetId: t.room.id, action: "room.mode_changed", actorId: t.owner.id, data: { path: ["via"], equals: "policy" } } })).toMatchObject({
      data: { approvalId: approval.id, mode: { from: "docs-review", to: "chat" } },
    });
    expect((await agentWrites(t)).status).toBe("executed");
  }, 120_000);

  it("G8, G6: importing a gatehouse.modes.json that makes the mode writable holds its rooms like an edit in the form", async () => {
    const t = await roomInDocsReview({ modes: [docsReview] });
    const repoPath = await makeRepo(data.root, `policy-${t.workspace.slug}`, { "README.md": "# r\n", "gatehouse.modes.json": JSON.stringify({ modes: [docsReview] }) });
    await commitFiles(repoPath, { "gatehouse.modes.json": JSON.stringify({ modes: [{ ...docsReview, readOnly: false }] }) }, "let docs review write");
    const repository = await t.prisma.repository.create({ data: { workspaceId: t.workspace.id, name: "policy", path: repoPath } });
    await importModePolicy(t.prisma, t.byAdmin, repository.id);
    await expectHeld(t, "docs-review");
    const logged = await t.prisma.auditEvent.findFirstOrThrow({ where: { workspaceId: t.workspace.id, action: "workspace.modes_updated", data: { path: ["source", "repository"], equals: "policy" } } });
    expect(logged.data).toMatchObject({ rooms: [{ roomId: t.room.id, outcome: "held" }] });
  }, 120_000);

  it("G8: narrowing a declared mode applies to its rooms at once, audited with the admin who changed it", async () => {
    const t = await roomInDocsReview({ modes: [{ ...docsReview, readOnly: false }] });
    await saveModePolicy(t.prisma, t.byAdmin, { modes: [docsReview] });
    expect(await profileShown(t.prisma, t.workspace.id, t.room.id)).toMatchObject({ id: "docs-review", posture: "read-only" });
    expect(await t.prisma.approval.count({ where: { roomId: t.room.id } })).toBe(0);
    const changed = await t.prisma.auditEvent.findFirstOrThrow({ where: { targetId: t.room.id, action: "room.mode_changed", actorId: t.admin.id } });
    expect(changed.data).toMatchObject({ via: "policy", approvalId: null, mode: { from: "docs-review", to: "docs-review" } });
    expect(await t.prisma.runEvent.findFirstOrThrow({ where: { roomId: t.room.id, type: "room.mode_changed", data: { path: ["via"], equals: "policy" } } })).toMatchObject({
      data: { by: t.admin.id },
    });
    expect((await agentWrites(t)).status).toBe("refused");
    expect(existsSync(path.join(fx.worktree, t.file))).toBe(false);
  }, 120_000);

  it("G8: an edit that leaves a room's mode as it is moves nothing, and a held switch goes stale when the mode is edited again", async () => {
    const t = await roomInDocsReview({ modes: [docsReview] });
    await saveModePolicy(t.prisma, t.byAdmin, { modes: [docsReview, other], agentCanSwitchMode: true });
    expect(await t.prisma.auditEvent.count({ where: { targetId: t.room.id, action: { in: ["room.mode_changed", "room.mode_change_requested"] }, actorId: t.admin.id } })).toBe(0);

    await saveModePolicy(t.prisma, t.byAdmin, { modes: [{ ...docsReview, readOnly: false }, other] });
    const first = await t.prisma.approval.findFirstOrThrow({ where: { roomId: t.room.id, status: "pending" } });
    // Saving the same widening again finds the same request.
    await saveModePolicy(t.prisma, t.byAdmin, { modes: [{ ...docsReview, readOnly: false }, other], agentCanSwitchMode: false });
    expect(await t.prisma.approval.count({ where: { roomId: t.room.id } })).toBe(1);

    await saveModePolicy(t.prisma, t.byAdmin, { modes: [{ ...docsReview, readOnly: false, description: "Edits the docs." }, other] });
    expect(await t.prisma.approval.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({ status: "refused" });
    const second = await t.prisma.approval.findFirstOrThrow({ where: { roomId: t.room.id, status: "pending" } });
    expect(second.id).not.toBe(first.id);
    await expect(decideApproval(t.prisma, { workspaceId: t.workspace.id, approvalId: first.id, userId: t.owner.id, decision: "approve" })).rejects.toThrow("already decided");
    expect(await profileShown(t.prisma, t.workspace.id, t.room.id)).toMatchObject({ id: "docs-review", posture: "read-only" });

    // Disabled, the room would go to Agent; declared again as the room has it, nothing is left to approve.
    await saveModePolicy(t.prisma, t.byAdmin, { modes: [{ ...docsReview, disabled: true }, other] });
    expect(await t.prisma.approval.findMany({ where: { roomId: t.room.id, status: "pending" } })).toEqual([expect.objectContaining({ targetMode: "chat" })]);
    await saveModePolicy(t.prisma, t.byAdmin, { modes: [docsReview, other] });
    expect(await t.prisma.approval.count({ where: { roomId: t.room.id, status: "pending" } })).toBe(0);
    expect(await profileShown(t.prisma, t.workspace.id, t.room.id)).toMatchObject({ id: "docs-review", posture: "read-only" });
  }, 120_000);
});

describe("G8, G7: the preview shows which rooms change and how, before saving", () => {
  it("G8, G7: the preview lists the rooms an edit moves with the tools they gain and lose, their mount and limits, and whether it waits; an unchanged mode is never shown as changed", async () => {
    const t = await roomInDocsReview({ modes: [{ ...docsReview, maxTurns: 10 }, other], agentCanSwitchMode: true });
    const plain = await createRoom(t.prisma, { workspaceId: t.workspace.id, agentId: t.agent.id, mode: "chat" });

    // Declaring one more mode changes no existing mode (its switch targets aside) and moves no room.
    const added = (await loadPolicyPreview(t.prisma, t.workspace.id, modePolicySchema.parse({ modes: [{ ...docsReview, maxTurns: 10 }, other, { ...other, id: "spare", label: "Spare" }], agentCanSwitchMode: true }))).preview;
    expect(added.changes.map((c) => [c.mode, c.kind])).toEqual([["spare", "new"]]);
    expect(added.rooms).toEqual([]);

    const disabling = (await loadPolicyPreview(t.prisma, t.workspace.id, modePolicySchema.parse({ modes: [{ ...docsReview, maxTurns: 10, disabled: true }, other], agentCanSwitchMode: true }))).preview;
    expect(disabling.changes).toEqual([expect.objectContaining({ mode: "docs-review", kind: "disabled" })]);
    expect(disabling.rooms).toEqual([
      expect.objectContaining({
        roomId: t.room.id,
        from: { id: "docs-review", label: "Docs review" },
        to: { id: "chat", label: "Agent" },
        cause: "disabled",
        effect: "waits",
        removed: [],
        posture: { from: "read-only", to: "read-write" },
        limits: [{ limit: "maxTurns", from: 10, to: null }],
      }),
    ]);
    expect(disabling.rooms[0]!.added).toEqual(expect.arrayContaining(["write_file", "edit_file", "run_command"]));
    expect(disabling.rooms.map((r) => r.roomId)).not.toContain(plain.id);

    const narrowing = (await loadPolicyPreview(t.prisma, t.workspace.id, modePolicySchema.parse({ modes: [{ ...docsReview, maxTurns: 5, tools: ["read_file"] }, other], agentCanSwitchMode: true }))).preview;
    expect(narrowing.changes).toEqual([expect.objectContaining({ mode: "docs-review", kind: "changed", limits: [{ limit: "maxTurns", from: 10, to: 5 }] })]);
    expect(narrowing.rooms).toEqual([expect.objectContaining({ roomId: t.room.id, effect: "applies", added: [], posture: null, limits: [{ limit: "maxTurns", from: 10, to: 5 }] })]);
    expect(narrowing.rooms[0]!.removed).toEqual(expect.arrayContaining(["grep", "list_dir"]));
    expect(narrowing.rooms[0]!.removed).not.toContain("read_file");

    // The save does what the preview said.
    await saveModePolicy(t.prisma, t.byAdmin, { modes: [{ ...docsReview, maxTurns: 10, disabled: true }, other], agentCanSwitchMode: true });
    const logged = await t.prisma.auditEvent.findFirstOrThrow({ where: { workspaceId: t.workspace.id, action: "workspace.modes_updated" }, orderBy: { createdAt: "desc" } });
    expect(logged.data).toMatchObject({ changes: [{ mode: "docs-review", kind: "disabled" }], rooms: [{ roomId: t.room.id, from: "docs-review", to: "chat", outcome: "held" }] });
  }, 120_000);
});

describe("G8 on the embedded PGlite", () => {
  let lite: Database | null = null;
  afterAll(async () => {
    await lite?.close();
  });

  it("G8, G6: a policy save moves rooms — narrowing applied, widening held — and approving a held switch applies it, all in single transactions (PGlite)", async () => {
    lite = await openDatabase({ url: null, dataDir: "memory://", migrate: true });
    expect(lite.kind).toBe("pglite");
    const { prisma } = lite;
    const owner = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
    const by = { workspaceId: workspace.id, userId: owner.id };
    await saveModePolicy(prisma, by, { modes: [docsReview, { ...other, readOnly: false }] });
    const held = await createRoom(prisma, { workspaceId: workspace.id });
    const narrowed = await createRoom(prisma, { workspaceId: workspace.id });
    await updateRoom(prisma, { ...by, roomId: held.id }, { mode: "docs-review" });
    await updateRoom(prisma, { ...by, roomId: narrowed.id }, { mode: "triage" });

    await saveModePolicy(prisma, by, { modes: [other] });
    expect(await profileShown(prisma, workspace.id, narrowed.id)).toMatchObject({ id: "triage", posture: "read-only" });
    expect(await profileShown(prisma, workspace.id, held.id)).toMatchObject({ id: "docs-review", posture: "read-only" });
    const approval = await prisma.approval.findFirstOrThrow({ where: { roomId: held.id, status: "pending" } });
    expect(approval).toMatchObject({ kind: "mode_change", targetMode: "chat" });

    await decideApproval(prisma, { workspaceId: workspace.id, approvalId: approval.id, userId: owner.id, decision: "approve" });
    expect(await profileShown(prisma, workspace.id, held.id)).toMatchObject({ id: "chat", label: "Agent" });
    expect(await prisma.auditEvent.count({ where: { action: "room.mode_changed", data: { path: ["via"], equals: "policy" } } })).toBe(2);
  }, 300_000); // PGlite runs every migration in WebAssembly first: slow on a busy machine
});
