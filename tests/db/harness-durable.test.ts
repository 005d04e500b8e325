/**
 * A5, G4: a run that waits for a person is durable. It parks in one process,
 * the decision is written, and a different OS process resumes it — executing
 * the approved call exactly once.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Prisma } from "../../lib/db/generated/client";
import { makeFixture, type Fixture } from "../../lib/repos/git.test-support";
import { advanceStoredRun } from "../../lib/runtime/advance-stored-run";
import { startPresence } from "../../lib/presence/track-presence";
import { testDatabase } from "../support/db";
import { createAgent, createRoom, createRun, createUser, createWorkspace } from "../support/factories";

const run = promisify(execFile);
let fx: Fixture;
beforeAll(async () => {
  fx = await makeFixture();
});
afterAll(() => fx.cleanup());

function resumeInAnotherProcess(runId: string) {
  return run(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/advance-run.ts", runId], {
    env: { ...process.env },
    timeout: 240_000,
  });
}

describe("durable suspension", () => {
  it("A5, G4: a confirmation parks the run; after approval another process resumes it and runs the call once", { timeout: 300_000 }, async () => {
    const db = await testDatabase();
    const { prisma } = db;
    const owner = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
    const agent = await createAgent(prisma, workspace.id, {
      scenarios: [{ steps: [{ toolCalls: [{ name: "write_file", args: { path: "approved.md", content: "yes\n" } }] }, { text: "Written." }] }],
    });
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, autonomy: "ask", worktreePath: fx.worktree });
    const stored = await createRun(prisma, { ...room, agentId: agent.id }, "write the file");

    const stopPresence = await startPresence(prisma, { userId: owner.id, workspaceId: workspace.id });
    const first = await advanceStoredRun(db, stored.id, { owner: "test-process" });
    await stopPresence();
    expect(first).toMatchObject({ status: "waiting" });
    expect(existsSync(path.join(fx.worktree, "approved.md"))).toBe(false);

    const approval = await prisma.approval.findFirstOrThrow({ where: { runId: stored.id, kind: "tool_call", status: "pending" } });
    expect(approval.summary).toContain("write_file");
    await prisma.approval.update({ where: { id: approval.id }, data: { status: "approved", decidedById: owner.id, decidedAt: new Date() } });

    const { stdout } = await resumeInAnotherProcess(stored.id);
    expect(JSON.parse(stdout.trim().split("\n").pop()!)).toMatchObject({ status: "succeeded" });
    expect(await readFile(path.join(fx.worktree, "approved.md"), "utf8")).toBe("yes\n");

    // Resuming the finished run again (a duplicate job) must not execute anything.
    const again = await resumeInAnotherProcess(stored.id);
    expect(JSON.parse(again.stdout.trim().split("\n").pop()!)).toMatchObject({ claimed: false });
    const calls = await prisma.toolCall.findMany({ where: { runId: stored.id } });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ tool: "write_file", tier: "write", decision: "confirm", status: "executed" });
    const events = await prisma.runEvent.findMany({ where: { runId: stored.id }, orderBy: { id: "asc" } });
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(["tool.call", "approval.requested", "run.waiting", "tool.result", "run.finished"]));
  });

  it("G4: with no approver connected the same call is refused at once and no approval row is left behind", async () => {
    const db = await testDatabase();
    const { prisma } = db;
    const owner = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
    const agent = await createAgent(prisma, workspace.id, {
      scenarios: [{ steps: [{ toolCalls: [{ name: "write_file", args: { path: "refused.md", content: "no" } }] }, { text: "Could not." }] }],
    });
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, autonomy: "ask", worktreePath: fx.worktree });
    const stored = await createRun(prisma, { ...room, agentId: agent.id }, "write");
    const result = await advanceStoredRun(db, stored.id, { owner: "test-process" });
    expect(result).toMatchObject({ status: "succeeded" });
    expect(await prisma.approval.count({ where: { runId: stored.id } })).toBe(0);
    expect(existsSync(path.join(fx.worktree, "refused.md"))).toBe(false);
  });

  it("A5: a worker that died while a tool ran leaves the call marked, and the resumed run never executes it again", { timeout: 300_000 }, async () => {
    const db = await testDatabase();
    const { prisma } = db;
    const workspace = await createWorkspace(prisma);
    const agent = await createAgent(prisma, workspace.id, {
      scenarios: [{ steps: [{ toolCalls: [{ name: "write_file", args: { path: "once.md", content: "1" } }] }, { text: "ok" }] }],
    });
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, worktreePath: fx.worktree });
    const stored = await createRun(prisma, { ...room, agentId: agent.id }, "write once");
    // Simulate the crash point: checkpoint saved with the pending call, call claimed for execution, lease expired.
    const checkpoint = stored.state as { messages: Prisma.InputJsonValue[] };
    await prisma.run.update({
      where: { id: stored.id },
      data: {
        status: "running",
        leaseOwner: "dead-worker",
        leaseUntil: new Date(Date.now() - 1000),
        state: {
          ...checkpoint,
          messages: [...checkpoint.messages, { role: "assistant", content: [{ type: "tool-call", toolCallId: "call-x", toolName: "write_file", input: { path: "once.md", content: "1" } }] }],
          step: 1,
          nudged: false,
          delivered: false,
          lastText: "",
          pending: { mode: "chat", calls: [{ toolCallId: "call-x", toolName: "write_file", input: { path: "once.md", content: "1" } }], results: [] },
        },
      },
    });
    await prisma.toolCall.create({
      data: { runId: stored.id, callId: "call-x", step: 1, tool: "write_file", tier: "write", effects: ["write_worktree"], args: {}, mode: "chat", decision: "allow", status: "executing" },
    });
    const result = await advanceStoredRun(db, stored.id, { owner: "new-worker" });
    expect(result).toMatchObject({ status: "succeeded" });
    expect(existsSync(path.join(fx.worktree, "once.md"))).toBe(false);
    const call = await prisma.toolCall.findUniqueOrThrow({ where: { runId_callId: { runId: stored.id, callId: "call-x" } } });
    expect(call.status).toBe("error");
    expect(String(call.result)).toMatch(/outcome of this call is unknown/);
  });
});

describe("the conversation keeps the agent's words", () => {
  it("T1: each turn's text is stored as an assistant message, so it survives a reload and feeds the next run", async () => {
    const db = await testDatabase();
    const { prisma } = db;
    const workspace = await createWorkspace(prisma);
    const agent = await createAgent(prisma, workspace.id, { scenarios: [{ steps: [{ text: "Looking.", toolCalls: [{ name: "list_dir", args: {} }] }, { text: "All done here." }] }] });
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, worktreePath: fx.worktree });
    const stored = await createRun(prisma, { ...room, agentId: agent.id }, "look around");
    await advanceStoredRun(db, stored.id, { owner: "test" });
    const messages = await prisma.message.findMany({ where: { conversationId: room.conversationId, role: "assistant" }, orderBy: { createdAt: "asc" } });
    expect(messages.map((m) => [m.content, m.runId])).toEqual([
      ["Looking.", stored.id],
      ["All done here.", stored.id],
    ]);
    const { conversationHistory } = await import("../../lib/runs/conversation-history");
    expect((await conversationHistory(prisma, room.conversationId)).map((m) => m.content)).toContain("All done here.");
  });
});
