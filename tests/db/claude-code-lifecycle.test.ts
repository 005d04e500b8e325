/**
 * T5: a Claude Code run goes through the one run lifecycle, like a built-in
 * one — real CLI from @anthropic-ai/claude-agent-sdk inside the sandbox, a
 * local Anthropic Messages server, real PostgreSQL and git. A sub-agent on it
 * answers its parent; a spent budget holds it before any model call; its run
 * and calls carry the fingerprint; a person's mode switch governs its very next
 * call; a call the dial asks about parks the run and, once allowed, runs.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Prisma } from "../../lib/db/generated/client";
import { readCheckpoint } from "../../lib/harness/lifecycle/checkpoint";
import { modePolicySchema } from "../../lib/modes/declared";
import { startPresence } from "../../lib/presence/track-presence";
import { makeFixture, type Fixture } from "../../lib/repos/git.test-support";
import { updateRoom } from "../../lib/rooms/update-room";
import { advanceStoredRun } from "../../lib/runtime/advance-stored-run";
import { readyForSandbox } from "../../lib/sandbox/sandbox.test-support";
import { startAnthropicScriptServer, type AnthropicScriptServer, type ScriptedTurn, type ScriptOptions } from "../../lib/transports/claude-code/testing/anthropic-script-server";
import { testDatabase } from "../support/db";
import { createAgent, createRoom, createRun, createUser, createWorkspace, putRoomInMode } from "../support/factories";

let fx: Fixture;
let server: AnthropicScriptServer | null = null;
beforeEach(async () => {
  fx = await makeFixture();
  await readyForSandbox(fx);
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await server?.close();
  server = null;
  await fx.cleanup();
});

async function claudeCodeWorld(script: ScriptedTurn[], options: ScriptOptions & { mode?: "chat" | "plan"; autonomy?: "ask" | "auto" } = {}) {
  const db = await testDatabase();
  const { prisma } = db;
  server = await startAnthropicScriptServer(script, options);
  // H4: the operator allows this local endpoint; the sandboxed CLI reaches it only through the session's relay.
  vi.stubEnv("GATEHOUSE_ALLOWED_MODEL_HOSTS", new URL(server.baseUrl).host);
  const owner = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
  const cc = await createAgent(prisma, workspace.id, null, { provider: "anthropic", model: "claude-sonnet-4-5", baseUrl: `${server.baseUrl}/v1`, apiKey: "test-key-123", transport: "claude-code" });
  const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: cc.id, mode: options.mode ?? "chat", autonomy: options.autonomy ?? "auto", worktreePath: fx.worktree });
  return { db, prisma, owner, workspace, cc, room };
}

/** Requests the CLI sent with its tools (its side requests carry none). */
const turns = () => server!.requests.filter((r) => r.tools?.length);

describe("Claude Code through the one run lifecycle", () => {
  it("A6, T5, G7: a Claude Code sub-agent's answer returns to its parent, and its run and calls carry the fingerprint", async () => {
    const { db, prisma, workspace, cc, room } = await claudeCodeWorld([
      { toolUses: [{ name: "Read", input: { file_path: path.join(fx.worktree, "README.md") } }] },
      { text: "The README describes the fixture." },
    ]);
    const parentAgent = await createAgent(prisma, workspace.id, {
      scenarios: [{ steps: [{ toolCalls: [{ name: "delegate", args: { task: "summarise the README", agent: cc.name } }] }, { text: "The sub-agent reported back." }] }],
    });
    await prisma.room.update({ where: { id: room.id }, data: { agentId: parentAgent.id } });
    const parent = await createRun(prisma, { ...room, agentId: parentAgent.id }, "investigate");

    expect(await advanceStoredRun(db, parent.id, { owner: "test" })).toMatchObject({ status: "waiting" });
    const child = await prisma.run.findFirstOrThrow({ where: { parentRunId: parent.id } });
    expect(child.agentId).toBe(cc.id);
    expect(await advanceStoredRun(db, child.id, { owner: "test" })).toMatchObject({ status: "succeeded" });

    // The child's end answered the parent's delegate call and queued the parent.
    const delegate = await prisma.toolCall.findFirstOrThrow({ where: { runId: parent.id, tool: "delegate" } });
    expect(delegate).toMatchObject({ status: "executed" });
    expect(delegate.result).toMatchObject({ subagentRunId: child.id, status: "succeeded", result: "The README describes the fixture." });
    expect(await advanceStoredRun(db, parent.id, { owner: "test" })).toMatchObject({ status: "succeeded" });

    // G7: the Claude Code run and each of its calls name the capability they ran under.
    const childRun = await prisma.run.findUniqueOrThrow({ where: { id: child.id } });
    expect(childRun.fingerprint).toMatch(/\S/);
    const calls = await prisma.toolCall.findMany({ where: { runId: child.id } });
    expect(calls.map((c) => [c.tool, c.decision, c.status])).toEqual([["Read", "allow", "executed"]]);
    expect(calls[0]!.fingerprint).toBe(childRun.fingerprint);
    expect(calls[0]!.toolId).toMatch(/read_file/);
    // O6: the session's tokens were counted by the relay, on the child and its parent.
    expect(childRun.inputTokens).toBeGreaterThan(0);
    expect((await prisma.run.findUniqueOrThrow({ where: { id: parent.id } })).inputTokens).toBeGreaterThanOrEqual(childRun.inputTokens);
  });

  it("O6, A8, T5: a Claude Code child of a project whose budget is spent never reaches the model; the run waits", async () => {
    const { db, prisma, workspace, cc, room } = await claudeCodeWorld([{ text: "never" }]);
    const project = await prisma.project.create({ data: { workspaceId: workspace.id, name: "spent", maxTokens: 100 } });
    const parent = await prisma.run.create({
      data: { workspaceId: workspace.id, roomId: room.id, conversationId: room.conversationId, agentId: cc.id, projectId: project.id, status: "waiting", inputTokens: 90, outputTokens: 20, state: {} },
    });
    const child = await createRun(prisma, { ...room, agentId: cc.id }, "spend more");
    await prisma.run.update({ where: { id: child.id }, data: { parentRunId: parent.id, parentCallId: "call-1", depth: 1, kind: "subagent" } });

    expect(await advanceStoredRun(db, child.id, { owner: "test" })).toMatchObject({ status: "waiting" });
    expect(server!.requests).toHaveLength(0);
    const waiting = await prisma.runEvent.findFirstOrThrow({ where: { runId: child.id, type: "run.waiting" } });
    expect((waiting.data as { reason: string }).reason).toMatch(/budget is reached \(110 of the budget's 100 tokens are used\)/);
  });

  it("S4, T5: a person's mode switch in the middle of a Claude Code session governs the very next call", async () => {
    let world: Awaited<ReturnType<typeof claudeCodeWorld>> | null = null;
    const file = (name: string) => path.join(fx.worktree, name);
    world = await claudeCodeWorld(
      [
        { toolUses: [{ name: "Write", input: { file_path: file("before.md"), content: "in chat\n" } }] },
        { toolUses: [{ name: "Write", input: { file_path: file("after.md"), content: "in plan?\n" } }] },
        { text: "Stopped writing." },
      ],
      {
        stepBy: "request",
        // After the first write, before the model's next answer, a person switches the room to Plan.
        async beforeAnswer(step) {
          if (step === 1) await updateRoom(world!.prisma, { workspaceId: world!.workspace.id, userId: world!.owner.id, roomId: world!.room.id }, { mode: "plan" });
        },
      },
    );
    const { db, prisma, cc, room } = world;
    const run = await createRun(prisma, { ...room, agentId: cc.id }, "write two notes");

    expect(await advanceStoredRun(db, run.id, { owner: "test" })).toMatchObject({ status: "succeeded" });
    expect(await readFile(file("before.md"), "utf8")).toBe("in chat\n");
    expect(existsSync(file("after.md"))).toBe(false);
    const calls = await prisma.toolCall.findMany({ where: { runId: run.id }, orderBy: { createdAt: "asc" } });
    expect(calls.map((c) => [c.tool, c.mode, c.decision, c.status])).toEqual([
      ["Write", "chat", "allow", "executed"],
      ["Write", "plan", "deny", "refused"],
    ]);
    expect(calls[1]!.reason).toMatch(/the room changed to Plan mode/);
    expect(calls[1]!.fingerprint).not.toBe(calls[0]!.fingerprint);
    // The session after the switch was started under Plan: the CLI was no longer given Write.
    const offered = turns().map((r) => r.tools!.map((t) => t.name));
    expect(offered[0]).toContain("Write");
    expect(offered.at(-1)).not.toContain("Write");
    expect((await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).mode).toBe("plan");
  });

  it("G4, T5: a Claude Code call the dial asks about parks the run (no session waits) and, once a person allows it, runs and the run goes on", async () => {
    const { db, prisma, owner, workspace, cc, room } = await claudeCodeWorld(
      [{ toolUses: [{ name: "Write", input: { file_path: path.join(fx.worktree, "asked.md"), content: "allowed\n" } }] }, { text: "Written after the approval." }],
      { stepBy: "request", autonomy: "ask" },
    );
    const run = await createRun(prisma, { ...room, agentId: cc.id }, "write asked.md");
    const stopPresence = await startPresence(prisma, { userId: owner.id, workspaceId: workspace.id });
    try {
      expect(await advanceStoredRun(db, run.id, { owner: "worker-a" })).toMatchObject({ status: "waiting", claimed: true });
    } finally {
      await stopPresence();
    }
    // Parked: the run is handed back (no lease, no session), the call waits on a durable approval, nothing was written.
    expect(await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: "waiting", leaseOwner: null });
    const approval = await prisma.approval.findFirstOrThrow({ where: { runId: run.id, kind: "tool_call", status: "pending" } });
    expect(approval.summary).toContain("Write");
    expect(existsSync(path.join(fx.worktree, "asked.md"))).toBe(false);
    expect(turns()).toHaveLength(1);

    await prisma.approval.update({ where: { id: approval.id }, data: { status: "approved", decidedById: owner.id, decidedAt: new Date() } });
    expect(await advanceStoredRun(db, run.id, { owner: "worker-b" })).toMatchObject({ status: "succeeded" });
    // M8: the allowed call ran once, as Gatehouse's own write_file, and the new session was told so.
    expect(await readFile(path.join(fx.worktree, "asked.md"), "utf8")).toBe("allowed\n");
    const calls = await prisma.toolCall.findMany({ where: { runId: run.id } });
    expect(calls.map((c) => [c.tool, c.decision, c.status])).toEqual([["Write", "confirm", "executed"]]);
    expect(turns()).toHaveLength(2);
    expect(JSON.stringify(turns()[1]!.messages)).toContain("This is a new session of the same work");
    const answer = await prisma.message.findFirst({ where: { conversationId: room.conversationId, role: "assistant", runId: run.id }, orderBy: { createdAt: "desc" } });
    expect(answer?.content).toBe("Written after the approval.");
  });
});

describe("the checkpoint across a wait", () => {
  it("X1, A5: a run that waited for a person longer than its declared mode's time limit stops with the mode's time-limit message when it resumes (PostgreSQL)", async () => {
    const db = await testDatabase();
    const { prisma } = db;
    const owner = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
    await prisma.workspace.update({
      where: { id: workspace.id },
      data: { modePolicy: modePolicySchema.parse({ modes: [{ id: "quick", label: "Quick look", extends: "chat", maxTurns: 5, timeoutSeconds: 60 }] }) as unknown as Prisma.InputJsonValue },
    });
    const agent = await createAgent(prisma, workspace.id, {
      scenarios: [{ steps: [{ toolCalls: [{ name: "write_file", args: { path: "slow.md", content: "x" } }] }, { text: "Done." }, { text: "Done again." }] }],
    });
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, autonomy: "ask", worktreePath: fx.worktree });
    await putRoomInMode(prisma, room.id, "quick");
    const run = await createRun(prisma, { ...room, agentId: agent.id }, "write slowly");
    const stopPresence = await startPresence(prisma, { userId: owner.id, workspaceId: workspace.id });
    try {
      expect(await advanceStoredRun(db, run.id, { owner: "test" })).toMatchObject({ status: "waiting" });
    } finally {
      await stopPresence();
    }
    // What PostgreSQL kept of the wait: when the run started, and the mode and capability the waiting call was made in.
    const stored = readCheckpoint((await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).state);
    expect(stored).toMatchObject({ ok: true, checkpoint: { startedAt: expect.any(Number), pending: { modeId: "quick", fingerprint: expect.stringMatching(/\S/) } } });

    const approval = await prisma.approval.findFirstOrThrow({ where: { runId: run.id, status: "pending" } });
    await prisma.approval.update({ where: { id: approval.id }, data: { status: "approved", decidedById: owner.id, decidedAt: new Date() } });
    // The person took longer than the mode allows the whole run.
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + 61_000);
    try {
      expect(await advanceStoredRun(db, run.id, { owner: "test" })).toMatchObject({ status: "failed" });
    } finally {
      vi.restoreAllMocks();
    }
    expect((await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).error).toBe("stopped after 60 seconds (Quick look mode's time limit)");
  });
});
