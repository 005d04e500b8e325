/**
 * T2–T4 through a stored run: an agent on the Claude Code transport (the real
 * CLI, a local Anthropic Messages server) in a plan room. Its write is refused
 * and recorded with Gatehouse's reason, its read passes the guard, the
 * worktree is unchanged, and its answer lands in the conversation.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAgent as addAgent } from "../../lib/agents/create-agent";
import { makeFixture, type Fixture } from "../../lib/repos/git.test-support";
import { readyForSandbox } from "../../lib/sandbox/sandbox.test-support";
import { advanceStoredRun } from "../../lib/runtime/advance-stored-run";
import { startAnthropicScriptServer, type AnthropicScriptServer } from "../../lib/transports/claude-code/testing/anthropic-script-server";
import { testDatabase } from "../support/db";
import { createAgent, createRoom, createRun, createUser, createWorkspace } from "../support/factories";

let fx: Fixture;
let server: AnthropicScriptServer;
beforeEach(async () => {
  fx = await makeFixture();
  await readyForSandbox(fx);
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await server?.close();
  await fx.cleanup();
});

describe("Claude Code transport, stored runs", () => {
  it("T2, T3, T4: in a plan room the CLI's write is refused with Gatehouse's reason, its read is gated, and the worktree is unchanged", async () => {
    const db = await testDatabase();
    const { prisma } = db;
    server = await startAnthropicScriptServer([
      { toolUses: [{ name: "Write", input: { file_path: path.join(fx.worktree, "plan.md"), content: "no" } }] },
      { toolUses: [{ name: "Read", input: { file_path: path.join(fx.worktree, "README.md") } }] },
      { text: "The README is short; nothing to change." },
    ]);
    // H4: the operator allows this local endpoint; the sandboxed CLI reaches it only through Gatehouse's relay.
    vi.stubEnv("GATEHOUSE_ALLOWED_MODEL_HOSTS", new URL(server.baseUrl).host);
    const owner = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
    const agent = await createAgent(prisma, workspace.id, null, { provider: "anthropic", model: "claude-sonnet-4-5", baseUrl: `${server.baseUrl}/v1`, apiKey: "test-key-123", transport: "claude-code" });
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, mode: "plan", worktreePath: fx.worktree });
    const run = await createRun(prisma, { ...room, agentId: agent.id }, "look at the README");
    const before = execFileSync("git", ["status", "--porcelain"], { cwd: fx.worktree, encoding: "utf8" });

    expect(await advanceStoredRun(db, run.id, { owner: "test" })).toMatchObject({ status: "succeeded", claimed: true });
    const calls = await prisma.toolCall.findMany({ where: { runId: run.id }, orderBy: { createdAt: "asc" } });
    expect(calls.map((c) => [c.tool, c.mode, c.decision, c.status]).sort()).toEqual([
      ["Read", "plan", "allow", "executed"],
      ["Write", "plan", "deny", "refused"],
    ]);
    const write = calls.find((c) => c.tool === "Write")!;
    expect(write.reason).toMatch(/write_file is not available in this mode \(Plan; removed by the mode.s profile\).*read-only/);
    expect(execFileSync("git", ["status", "--porcelain"], { cwd: fx.worktree, encoding: "utf8" })).toBe(before);
    const answer = await prisma.message.findFirst({ where: { conversationId: room.conversationId, role: "assistant" } });
    expect(answer?.content).toBe("The README is short; nothing to change.");
    // T3: the CLI was offered only read tools.
    expect(server.requests.find((r) => r.tools?.length)!.tools!.map((t) => t.name)).not.toContain("Write");
    // The session's tokens are the run's (the script server answers 12 in / 7 out per request; the CLI adds up its turns).
    const totals = await prisma.run.findUniqueOrThrow({ where: { id: run.id }, select: { inputTokens: true, outputTokens: true } });
    expect(totals.inputTokens).toBeGreaterThan(0);
    expect(totals.outputTokens).toBeGreaterThan(0);
    // T4, H4: the CLI ran in the sandbox, so every request came through the relay, which added the key.
    expect(new Set(server.apiKeys)).toEqual(new Set(["test-key-123"]));
  });

  it("T2: an agent picks the Claude Code transport only with the anthropic provider, and its view says which transport it uses", async () => {
    const { prisma } = await testDatabase();
    const owner = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
    const actor = { workspaceId: workspace.id, userId: owner.id, role: "owner" as const };
    const wrong = await addAgent(prisma, actor, { name: "cc", provider: "scripted", transport: "claude-code" }).catch((e: unknown) => e);
    expect((wrong as { issues: { path: unknown[]; message: string }[] }).issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["transport", "The Claude Code transport speaks the Anthropic API: pick the anthropic provider."],
    ]);
    const agent = await addAgent(prisma, actor, { name: "cc", provider: "anthropic", model: "claude-sonnet-4-5", transport: "claude-code" });
    expect(agent.transport).toBe("claude-code");
    expect((await addAgent(prisma, actor, { name: "plain", provider: "scripted" })).transport).toBe("built-in");
  });

  it("T4, A5: a run taken over from a worker that died mid-session is not replayed, so no CLI call runs twice", async () => {
    const db = await testDatabase();
    const { prisma } = db;
    server = await startAnthropicScriptServer([{ toolUses: [{ name: "Write", input: { file_path: path.join(fx.worktree, "twice.md"), content: "x" } }] }, { text: "Written." }]);
    const owner = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
    const agent = await createAgent(prisma, workspace.id, null, { provider: "anthropic", model: "claude-sonnet-4-5", baseUrl: `${server.baseUrl}/v1`, apiKey: "test-key-123", transport: "claude-code" });
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, mode: "chat", worktreePath: fx.worktree });
    const run = await createRun(prisma, { ...room, agentId: agent.id }, "write it");
    // A worker claimed it and died: its lease has run out.
    await prisma.run.update({ where: { id: run.id }, data: { status: "running", leaseOwner: "dead-worker", leaseUntil: new Date(Date.now() - 1000) } });
    const result = await advanceStoredRun(db, run.id, { owner: "rescuer" });
    expect(result).toMatchObject({ status: "failed", claimed: true });
    expect((await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).error).toMatch(/not run again/);
    expect(server.requests).toHaveLength(0);
  });
});
