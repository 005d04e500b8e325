/**
 * M8 (with M4, M7, G6, G7): an attached MCP tool has one identity from the
 * guard's decision to its execution, its name is its own, and every projection
 * — widening, the capability panel, the preview, the fingerprint — includes it.
 * Against real PostgreSQL, the real harness and a real MCP server (the SDK's,
 * Streamable HTTP) on a local port whose tool list a test can change.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import * as capabilities from "../../app/api/workspaces/[workspace]/rooms/[roomId]/capabilities/route";
import * as modesPreview from "../../app/api/workspaces/[workspace]/modes/preview/route";
import type { Database } from "../../lib/db/client";
import type { Prisma } from "../../lib/db/generated/client";
import { attachMcpServer } from "../../lib/mcp-client/attach-mcp-server";
import { detachMcpServer } from "../../lib/mcp-client/detach-mcp-server";
import { startLocalMcpServer, type LocalMcpServer } from "../../lib/mcp-client/mcp-client.test-support";
import { mcpToolName } from "../../lib/mcp-client/mcp-tool-spec";
import { workspaceToolSpecs } from "../../lib/mcp-client/run-mcp-tools";
import { saveModePolicy } from "../../lib/mode-policy/save-mode-policy";
import { widens } from "../../lib/modes/capability";
import { modePolicySchema, type ModePolicyInput } from "../../lib/modes/declared";
import { PROFILES } from "../../lib/modes/profiles";
import { parseStoredPolicy, resolveProfile } from "../../lib/modes/resolve-profile";
import { roomMode } from "../../lib/modes/room-mode";
import { startPresence } from "../../lib/presence/track-presence";
import { updateRoom } from "../../lib/rooms/update-room";
import { advanceStoredRun } from "../../lib/runtime/advance-stored-run";
import { requestModeChange } from "../../lib/runtime/request-mode-change";
import { TOOL_SPECS } from "../../lib/tools/registry";
import { testDatabase } from "../support/db";
import { createAgent, createRoom, createRun, createUser, createWorkspace, sessionCookie } from "../support/factories";

afterEach(() => vi.unstubAllEnvs());
// Route handlers reach the database the server would use.
beforeAll(async () => {
  (globalThis as { gatehouseDb?: Promise<Database> }).gatehouseDb = Promise.resolve(await testDatabase());
});
afterAll(() => {
  delete (globalThis as { gatehouseDb?: unknown }).gatehouseDb;
});

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Calls a route handler over HTTP as a signed-in member, the way the UI does. */
async function signedIn(db: Database, userId: string) {
  const { cookie } = await sessionCookie(db.prisma, userId);
  return async (handler: unknown, params: Record<string, string>, init: { method?: string; body?: unknown } = {}) => {
    const req = new Request("http://localhost/api/x", {
      method: init.method ?? "GET",
      headers: { cookie, "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const res = await (handler as Handler)(req, { params: Promise.resolve(params) });
    return { status: res.status, json: (await res.json()) as Record<string, any> };
  };
}

const READ = { tier: "read" as const, effects: [] };
const WRITE = { tier: "write" as const, effects: ["write_outside_worktree" as const] };

/** A real MCP server listing `tools` in this order, reachable because the operator allows its port (H4). */
async function server(tools: readonly string[]): Promise<LocalMcpServer> {
  const mcp = await startLocalMcpServer(tools);
  onTestFinished(() => mcp.close());
  const allowed = process.env.GATEHOUSE_ALLOWED_WEB_HOSTS;
  vi.stubEnv("GATEHOUSE_ALLOWED_WEB_HOSTS", [allowed, `127.0.0.1:${mcp.port}`].filter(Boolean).join(","));
  return mcp;
}

async function workspaceWithOwner(policy: ModePolicyInput = {}) {
  const db = await testDatabase();
  const { prisma } = db;
  const owner = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
  await prisma.workspace.update({ where: { id: workspace.id }, data: { modePolicy: modePolicySchema.parse(policy) as unknown as Prisma.InputJsonValue } });
  return { db, prisma, owner, workspace, actor: { workspaceId: workspace.id, userId: owner.id, role: "owner" as const } };
}

/** Runs one stored turn in a room of `mode` whose scripted agent calls `calls` in one step each, then answers. */
async function runCalling(mode: "plan" | "review" | "chat", calls: { name: string; args: unknown }[], setup: Awaited<ReturnType<typeof workspaceWithOwner>>) {
  const { db, prisma, workspace } = setup;
  const agent = await createAgent(prisma, workspace.id, {
    scenarios: [
      { when: "look it up", steps: [...calls.map((call) => ({ toolCalls: [call] })), { text: "No plan is needed here." }] },
      // P4's one nudge in plan mode gets the honest answer again.
      { steps: [{ text: "No plan is needed here." }] },
    ],
  });
  const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, mode, autonomy: "auto" });
  const stored = await createRun(prisma, { ...room, agentId: agent.id }, "look it up");
  await advanceStoredRun(db, stored.id, { owner: "test" });
  const recorded = await prisma.toolCall.findMany({ where: { runId: stored.id }, orderBy: { createdAt: "asc" } });
  return { room, run: await prisma.run.findUniqueOrThrow({ where: { id: stored.id } }), calls: recorded };
}

describe("one tool identity for attached MCP tools", () => {
  it("M8: a dotted tool and an underscored one that sanitise alike stay two tools; in plan and review rooms the writer never runs", async () => {
    for (const mode of ["plan", "review"] as const) {
      // The writer is listed first: a lookup by name would find it before the declared read tool.
      const mcp = await server(["notes_find", "notes.find"]);
      const setup = await workspaceWithOwner();
      const attached = await attachMcpServer(setup.prisma, setup.actor, { name: "kb", url: mcp.url, tools: { "notes.find": READ, notes_find: WRITE } });
      const reader = mcpToolName("kb", "notes.find");

      const { calls } = await runCalling(mode, [{ name: reader, args: { key: "release" } }, { name: "mcp_kb_notes_find", args: { key: "overwrite" } }], setup);
      expect(mcp.calls, mode).toEqual([["notes.find", { key: "release" }]]);
      expect(calls.map((c) => [c.tool, c.tier, c.decision, c.status]), mode).toEqual([
        [reader, "read", "allow", "executed"],
        ["mcp_kb_notes_find", "write", "deny", "refused"],
      ]);
      expect(JSON.stringify(calls[0]!.result), mode).toContain("notes.find ran");
      // The record names the identity that ran; the panel's list names each tool as agents see it.
      expect(calls.map((c) => c.toolId), mode).toEqual([`mcp:${attached.id}/notes.find`, null]);
      expect(attached.toolNames).toEqual({ "notes.find": reader, notes_find: "mcp_kb_notes_find" });
    }
  }, 60_000);

  it("M8: two tool names that run past 64 characters as mcp_<server>_<tool> and share a prefix get names of their own; in a plan room the writer never runs", async () => {
    const stem = "search_the_shared_knowledge_base_for_documents_that_match_";
    const [readTool, writeTool] = [`${stem}read`, `${stem}edit`];
    expect(`mcp_kb_${readTool}`.length).toBeGreaterThan(64);
    expect(`mcp_kb_${readTool}`.slice(0, 64)).toBe(`mcp_kb_${writeTool}`.slice(0, 64));
    const mcp = await server([writeTool, readTool]);
    const setup = await workspaceWithOwner();
    await attachMcpServer(setup.prisma, setup.actor, { name: "kb", url: mcp.url, tools: { [readTool]: READ, [writeTool]: WRITE } });
    const [reader, writer] = [mcpToolName("kb", readTool), mcpToolName("kb", writeTool)];

    const { calls } = await runCalling("plan", [{ name: reader, args: { key: "k" } }, { name: writer, args: { key: "k" } }], setup);
    expect(mcp.calls).toEqual([[readTool, { key: "k" }]]);
    expect(calls.map((c) => [c.tier, c.decision, c.status])).toEqual([
      ["read", "allow", "executed"],
      ["write", "deny", "refused"],
    ]);
    expect(reader).not.toBe(writer);
    for (const name of [reader, writer]) expect(name).toMatch(/^mcp_kb_[a-z0-9_]{1,57}$/);
  }, 60_000);

  it("M8: a tool list that changed since attach — a writer renamed so it sanitises to a declared read tool's name — never runs, in plan, review or chat", async () => {
    for (const mode of ["plan", "review", "chat"] as const) {
      const mcp = await server(["notes.lookup", "write_note"]);
      const setup = await workspaceWithOwner();
      await attachMcpServer(setup.prisma, setup.actor, { name: "kb", url: mcp.url, tools: { "notes.lookup": READ, write_note: WRITE } });
      // At run time the server lists its writer as notes_lookup, first, beside the declared tool.
      mcp.setTools(["notes_lookup", "notes.lookup"]);

      const reader = mcpToolName("kb", "notes.lookup");
      const { calls } = await runCalling(mode, [{ name: "mcp_kb_notes_lookup", args: { key: "x" } }, { name: reader, args: { key: "y" } }], setup);
      expect(mcp.calls, mode).toEqual([["notes.lookup", { key: "y" }]]);
      expect(calls.map((c) => [c.tool, c.decision, c.status]), mode).toEqual([
        ["mcp_kb_notes_lookup", "deny", "refused"],
        [reader, "allow", "executed"],
      ]);
      expect(calls[0]!.reason, mode).toMatch(/no tool of that name exists/);
    }
  }, 90_000);

  it("M8: a declaration whose names would still meet is refused at attach, naming both tools", async () => {
    const mcp = await server(["a.b"]);
    const { prisma, actor } = await workspaceWithOwner();
    const taken = mcpToolName("kb", "a.b");
    const twin = taken.slice("mcp_kb_".length);
    const refused = await attachMcpServer(prisma, actor, { name: "kb", url: mcp.url, tools: { "a.b": READ, [twin]: WRITE } }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "unprocessable" });
    expect((refused as Error).message).toBe(`tools: "a.b" and "${twin}" would both be offered as ${taken}; declare only one of them, or attach the other under a second server name`);
    expect(await prisma.attachedMcpServer.count({ where: { workspaceId: actor.workspaceId } })).toBe(0);
  });

  it("M8, G4: a call approved for one attached tool does not run another that took its name while it waited", async () => {
    const first = await server(["write_note"]);
    const setup = await workspaceWithOwner();
    const { db, prisma, owner, workspace, actor } = setup;
    const original = await attachMcpServer(prisma, actor, { name: "notes", url: first.url, tools: { write_note: WRITE } });
    const agent = await createAgent(prisma, workspace.id, { scenarios: [{ steps: [{ toolCalls: [{ name: "mcp_notes_write_note", args: { key: "k" } }] }, { text: "Done." }] }] });
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, mode: "chat", autonomy: "ask" });
    const stored = await createRun(prisma, { ...room, agentId: agent.id }, "store it");
    const stopPresence = await startPresence(prisma, { userId: owner.id, workspaceId: workspace.id });
    onTestFinished(stopPresence);
    expect(await advanceStoredRun(db, stored.id, { owner: "test" })).toMatchObject({ status: "waiting" });
    const waiting = await prisma.toolCall.findFirstOrThrow({ where: { runId: stored.id } });
    expect(waiting).toMatchObject({ tool: "mcp_notes_write_note", decision: "confirm", status: "waiting" });

    // While the call waits, "notes" is detached and another server is attached under the same name and tool.
    const second = await server(["write_note"]);
    await detachMcpServer(prisma, actor, original.id);
    await attachMcpServer(prisma, actor, { name: "notes", url: second.url, tools: { write_note: WRITE } });
    const approval = await prisma.approval.findFirstOrThrow({ where: { runId: stored.id, kind: "tool_call", status: "pending" } });
    await prisma.approval.update({ where: { id: approval.id }, data: { status: "approved", decidedById: owner.id, decidedAt: new Date() } });

    expect(await advanceStoredRun(db, stored.id, { owner: "test" })).toMatchObject({ status: "succeeded" });
    expect(second.calls).toEqual([]);
    expect(first.calls).toEqual([]);
    const settled = await prisma.toolCall.findFirstOrThrow({ where: { runId: stored.id } });
    expect(settled).toMatchObject({ status: "refused", toolId: `mcp:${original.id}/write_note` });
    expect(JSON.stringify(settled.result)).toContain("mcp_notes_write_note no longer names the tool this call was decided on; it was not run [M8]");
  }, 60_000);
});

describe("attached tools in every projection", () => {
  const focus = { id: "focus", label: "Focus", description: "Every built-in tool of Agent mode, nothing attached.", extends: "chat" as const, tools: TOOL_SPECS.map((t) => t.name) };

  it("G6, M4, M8: a change_mode that gains only an attached tool widens: it waits for a person instead of lapsing through the cancel window", async () => {
    const mcp = await server(["lookup"]);
    const setup = await workspaceWithOwner({ modes: [focus], agentCanSwitchMode: true, switchCancelSeconds: 1 });
    const { prisma, owner, workspace, actor } = setup;
    await attachMcpServer(prisma, actor, { name: "notes", url: mcp.url, tools: { lookup: READ } });
    const room = await createRoom(prisma, { workspaceId: workspace.id, mode: "chat" });
    await updateRoom(prisma, { workspaceId: workspace.id, roomId: room.id, userId: owner.id }, { mode: "focus" });

    const asked = await requestModeChange(prisma, { workspaceId: workspace.id, roomId: room.id, runId: null }, { mode: "chat", reason: "look something up" }, { pollMs: 50 });
    expect(asked).toMatchObject({ status: "pending" });
    expect(asked.message).toContain("widens what you may do, so a person must approve it");
    expect(await prisma.approval.findUniqueOrThrow({ where: { id: asked.approvalId! } })).toMatchObject({ kind: "mode_change", targetMode: "chat", cancelBy: null, status: "pending" });
    // Past the cancel window nothing lapsed: the room keeps its mode until a person decides.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(roomMode(await prisma.room.findUniqueOrThrow({ where: { id: room.id } })).profile.id).toBe("focus");
    expect(mcp.requests).toBe(0);

    // Built-in for built-in, Focus and Agent are the same surface; only the attached tool tells them apart.
    const policy = parseStoredPolicy((await prisma.workspace.findUniqueOrThrow({ where: { id: workspace.id } })).modePolicy);
    const context = { policy, autonomy: "auto" as const, agentAllowlist: null, planShell: false, transport: "harness" };
    const from = resolveProfile(policy, "focus")!;
    expect(widens(from, PROFILES.chat, { ...context, specs: TOOL_SPECS })).toBe(false);
    expect(widens(from, PROFILES.chat, { ...context, specs: await workspaceToolSpecs(prisma, workspace.id) })).toBe(true);
  }, 30_000);

  it("G7, M8: the capability panel lists attached tools, its fingerprint is the run's, and it changes when an attached tool changes", async () => {
    const mcp = await server(["lookup", "write_note"]);
    const setup = await workspaceWithOwner();
    const { prisma, owner, workspace, actor } = setup;
    const attached = await attachMcpServer(prisma, actor, { name: "notes", url: mcp.url, tools: { lookup: READ, write_note: WRITE } });
    const { room, run, calls } = await runCalling("review", [{ name: "mcp_notes_lookup", args: { key: "k" } }], setup);
    expect(calls.map((c) => c.status)).toEqual(["executed"]);
    const asOwner = await signedIn(setup.db, owner.id);
    const panel = () => asOwner(capabilities.GET, { workspace: workspace.slug, roomId: room.id });

    const before = await panel();
    expect(before.status).toBe(200);
    expect(before.json.tools).toContainEqual(expect.objectContaining({ name: "mcp_notes_lookup", tier: "read", pinned: false }));
    expect(before.json.removed).toContainEqual(expect.objectContaining({ name: "mcp_notes_write_note", layer: "mode" }));
    // The panel compiles what the run compiled: one capability, one fingerprint.
    expect(before.json.fingerprint).toBe(run.fingerprint);
    expect(before.json.fingerprint).toBe(calls[0]!.fingerprint);
    expect(before.json.fingerprintCovers).toContain("attached tools");

    // The same name and tier, declared with another effect class (and so attached again): another capability.
    await detachMcpServer(prisma, actor, attached.id);
    await attachMcpServer(prisma, actor, { name: "notes", url: mcp.url, tools: { lookup: { tier: "read", effects: ["network_egress"] }, write_note: WRITE } });
    const after = await panel();
    expect(after.json.tools).toContainEqual(expect.objectContaining({ name: "mcp_notes_lookup", tier: "read", effects: ["network_egress"] }));
    expect(after.json.fingerprint).not.toBe(before.json.fingerprint);
  }, 60_000);

  it("G7, M8: Preview surfaces and the saved policy's audit include attached tools", async () => {
    const mcp = await server(["lookup"]);
    const { prisma, owner, workspace, actor } = await workspaceWithOwner();
    await attachMcpServer(prisma, actor, { name: "notes", url: mcp.url, tools: { lookup: READ } });
    await createAgent(prisma, workspace.id, { scenarios: [] });
    const asOwner = await signedIn(await testDatabase(), owner.id);
    const preview = await asOwner(modesPreview.POST, { workspace: workspace.slug }, { method: "POST", body: { modes: [{ id: "research", label: "Research", extends: "plan" }] } });
    expect(preview.status).toBe(200);
    const surfaces = preview.json.surfaces as { mode: string; tools: string[] }[];
    expect(surfaces.find((s) => s.mode === "research")?.tools).toContain("mcp_notes_lookup");
    expect(surfaces.find((s) => s.mode === "plan")?.tools).toContain("mcp_notes_lookup");
    expect(preview.json.changes).toContainEqual(expect.objectContaining({ mode: "research", kind: "new", added: expect.arrayContaining(["mcp_notes_lookup"]) }));

    await saveModePolicy(prisma, { workspaceId: workspace.id, userId: owner.id }, { modes: [{ id: "research", label: "Research", extends: "plan" }] });
    const logged = await prisma.auditEvent.findFirstOrThrow({ where: { workspaceId: workspace.id, action: "workspace.modes_updated" } });
    const changes = (logged.data as { changes: { mode: string; added: string[] }[] }).changes;
    expect(changes.find((c) => c.mode === "research")?.added).toContain("mcp_notes_lookup");
  });
});
