/**
 * A6, A8: sub-agents through stored runs, real git worktrees and PostgreSQL.
 * The parent delegates; the child runs in the parent's room under the parent's
 * ceiling; its approvals reach the parent's approvers; a child resumed in
 * another OS process runs nothing twice and answers the parent exactly once.
 */
import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listApprovals } from "../../lib/approvals/list-approvals";
import type { RunCheckpoint } from "../../lib/harness/types";
import { startPresence } from "../../lib/presence/track-presence";
import { makeFixture, type Fixture } from "../../lib/repos/git.test-support";
import { startWorker } from "../../lib/queue/run-worker";
import { advanceStoredRun } from "../../lib/runtime/advance-stored-run";
import { jobHandlers } from "../../lib/runtime/job-handlers";
import { postMessage } from "../../lib/runs/post-message";
import { testDatabase } from "../support/db";
import { createAgent, createRoom, createRun, createUser, createWorkspace } from "../support/factories";

const exec = promisify(execFile);
let fx: Fixture;
beforeEach(async () => {
  fx = await makeFixture();
});
afterEach(() => fx.cleanup());

function advanceInAnotherProcess(runId: string) {
  return exec(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/advance-run.ts", runId], { env: { ...process.env }, timeout: 240_000 });
}

const lastJson = (stdout: string) => JSON.parse(stdout.trim().split("\n").pop()!);

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 45_000): Promise<T> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function workspaceWithOwner() {
  const db = await testDatabase();
  const owner = await createUser(db.prisma);
  const workspace = await createWorkspace(db.prisma, [{ userId: owner.id, role: "owner" }]);
  return { db, prisma: db.prisma, owner, workspace };
}

/** The parent hands `task` to `childName`, then repeats what came back. */
function delegatingScript(task: string, childName: string) {
  return {
    scenarios: [
      { when: "^investigate", steps: [{ toolCalls: [{ name: "delegate", args: { task, agent: childName } }] }, { text: "The sub-agent reported back. No plan is needed here." }] },
      { steps: [{ text: "No plan is needed here." }] },
    ],
  };
}

describe("sub-agents", () => {
  it("A6: a sub-agent of a plan-room run cannot write, its refusal says why, and its answer returns as the delegate call's result", async () => {
    const { db, prisma, workspace } = await workspaceWithOwner();
    const child = await createAgent(prisma, workspace.id, {
      scenarios: [
        {
          when: "^summarise",
          steps: [
            { toolCalls: [{ name: "write_file", args: { path: "child.md", content: "sneaky" } }] },
            { toolCalls: [{ name: "read_file", args: { path: "README.md" } }] },
            { text: "The README describes the fixture." },
          ],
        },
        { steps: [{ text: "No plan is needed here." }] },
      ],
    });
    const parentAgent = await createAgent(prisma, workspace.id, delegatingScript("summarise the README", child.name));
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: parentAgent.id, mode: "plan", worktreePath: fx.worktree });
    const parent = await createRun(prisma, { ...room, agentId: parentAgent.id }, "investigate the repository");

    expect(await advanceStoredRun(db, parent.id, { owner: "test" })).toMatchObject({ status: "waiting" });
    const sub = await prisma.run.findFirstOrThrow({ where: { parentRunId: parent.id } });
    expect(sub).toMatchObject({ roomId: room.id, agentId: child.id, depth: 1, kind: "subagent", conversationId: room.conversationId });

    expect(await advanceStoredRun(db, sub.id, { owner: "test" })).toMatchObject({ status: "succeeded" });
    const childCalls = await prisma.toolCall.findMany({ where: { runId: sub.id }, orderBy: { createdAt: "asc" } });
    expect(childCalls.map((c) => [c.tool, c.mode, c.decision, c.status])).toEqual([
      ["write_file", "plan", "deny", "refused"],
      ["read_file", "plan", "allow", "executed"],
    ]);
    expect(childCalls[0]!.reason).toMatch(/not available in this mode.*read-only/);
    expect(existsSync(path.join(fx.worktree, "child.md"))).toBe(false);

    expect(await advanceStoredRun(db, parent.id, { owner: "test" })).toMatchObject({ status: "succeeded" });
    const delegateCall = await prisma.toolCall.findFirstOrThrow({ where: { runId: parent.id, tool: "delegate" } });
    expect(delegateCall).toMatchObject({ status: "executed", tier: "read", decision: "allow" });
    expect(delegateCall.result).toMatchObject({ subagentRunId: sub.id, status: "succeeded", result: "The README describes the fixture.\n\nNo plan is needed here." });
    // A8: the child's model turns were spent from the parent's budget.
    const parentState = (await prisma.run.findUniqueOrThrow({ where: { id: parent.id } })).state as unknown as RunCheckpoint;
    const childState = (await prisma.run.findUniqueOrThrow({ where: { id: sub.id } })).state as unknown as RunCheckpoint;
    expect(parentState.step).toBeGreaterThanOrEqual(childState.step + 2);
    const events = await prisma.runEvent.findMany({ where: { roomId: room.id }, select: { type: true, runId: true } });
    expect(events).toEqual(expect.arrayContaining([{ type: "subagent.started", runId: parent.id }, { type: "subagent.finished", runId: parent.id }]));
  });

  it("A8: a child agent with no allowlist of its own is held to its parent agent's allowlist in a chat room", async () => {
    const { db, prisma, workspace } = await workspaceWithOwner();
    const child = await createAgent(prisma, workspace.id, {
      scenarios: [{ when: "^summarise", steps: [{ toolCalls: [{ name: "write_file", args: { path: "child.md", content: "x" } }] }, { text: "Could not write." }] }],
    });
    const parentAgent = await createAgent(prisma, workspace.id, delegatingScript("summarise into child.md", child.name), { restrictModules: true, moduleAllowlist: ["edit_file"] });
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: parentAgent.id, mode: "chat", worktreePath: fx.worktree });
    const parent = await createRun(prisma, { ...room, agentId: parentAgent.id }, "investigate");
    await advanceStoredRun(db, parent.id, { owner: "test" });
    const sub = await prisma.run.findFirstOrThrow({ where: { parentRunId: parent.id } });
    expect(sub.ceiling).toEqual(["edit_file"]);
    await advanceStoredRun(db, sub.id, { owner: "test" });
    const call = await prisma.toolCall.findFirstOrThrow({ where: { runId: sub.id } });
    expect(call).toMatchObject({ tool: "write_file", decision: "deny", status: "refused" });
    expect(call.reason).toMatch(/X3/);
    expect(existsSync(path.join(fx.worktree, "child.md"))).toBe(false);
  });

  it("A8: a sub-agent's approval lands in the parent's room and inbox; resumed in another process it runs once and answers the parent once", { timeout: 300_000 }, async () => {
    const { db, prisma, owner, workspace } = await workspaceWithOwner();
    const child = await createAgent(prisma, workspace.id, {
      scenarios: [{ when: "^write", steps: [{ toolCalls: [{ name: "write_file", args: { path: "approved.md", content: "yes\n" } }] }, { text: "Wrote approved.md." }] }],
    });
    const parentAgent = await createAgent(prisma, workspace.id, delegatingScript("write approved.md", child.name));
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: parentAgent.id, mode: "chat", autonomy: "ask", worktreePath: fx.worktree });
    const parent = await createRun(prisma, { ...room, agentId: parentAgent.id }, "investigate and write");

    const stopPresence = await startPresence(prisma, { userId: owner.id, workspaceId: workspace.id });
    await advanceStoredRun(db, parent.id, { owner: "worker-a" });
    const sub = await prisma.run.findFirstOrThrow({ where: { parentRunId: parent.id } });
    expect(await advanceStoredRun(db, sub.id, { owner: "worker-a" })).toMatchObject({ status: "waiting" });
    await stopPresence();

    const approval = await prisma.approval.findFirstOrThrow({ where: { runId: sub.id, kind: "tool_call", status: "pending" } });
    expect(approval).toMatchObject({ workspaceId: workspace.id, roomId: room.id });
    expect(approval.summary).toContain("write_file");
    const inbox = await listApprovals(prisma, workspace.id, { status: "pending" });
    expect(inbox.map((a) => [a.id, a.room?.id, a.toolCall?.tool])).toEqual([[approval.id, room.id, "write_file"]]);
    await prisma.approval.update({ where: { id: approval.id }, data: { status: "approved", decidedById: owner.id, decidedAt: new Date() } });

    // Worker A is gone; another process resumes the child, then the parent.
    expect(lastJson((await advanceInAnotherProcess(sub.id)).stdout)).toMatchObject({ status: "succeeded" });
    expect(await readFile(path.join(fx.worktree, "approved.md"), "utf8")).toBe("yes\n");
    expect(lastJson((await advanceInAnotherProcess(parent.id)).stdout)).toMatchObject({ status: "succeeded" });

    // Duplicate jobs for both change nothing.
    expect(lastJson((await advanceInAnotherProcess(sub.id)).stdout)).toMatchObject({ claimed: false });
    expect(lastJson((await advanceInAnotherProcess(parent.id)).stdout)).toMatchObject({ claimed: false });
    const childCalls = await prisma.toolCall.findMany({ where: { runId: sub.id } });
    expect(childCalls.map((c) => [c.tool, c.status])).toEqual([["write_file", "executed"]]);
    expect(await prisma.run.count({ where: { parentRunId: parent.id } })).toBe(1);
    const delegateCall = await prisma.toolCall.findFirstOrThrow({ where: { runId: parent.id, tool: "delegate" } });
    expect(delegateCall.result).toMatchObject({ status: "succeeded", result: "Wrote approved.md." });
  });

  it("A6: review runs cannot delegate; a delegate call there is refused as not available", async () => {
    const { db, prisma, workspace } = await workspaceWithOwner();
    const agent = await createAgent(prisma, workspace.id, { scenarios: [{ steps: [{ toolCalls: [{ name: "delegate", args: { task: "anything" } }] }, { text: "ok" }] }] });
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, mode: "review", worktreePath: fx.worktree });
    const run = await createRun(prisma, { ...room, agentId: agent.id }, "review");
    await advanceStoredRun(db, run.id, { owner: "test" });
    const call = await prisma.toolCall.findFirstOrThrow({ where: { runId: run.id } });
    expect(call).toMatchObject({ tool: "delegate", decision: "deny", status: "refused" });
    expect(call.reason).toMatch(/does not allow sub-agents/);
    expect(await prisma.run.count({ where: { parentRunId: run.id } })).toBe(0);
  });

  it("A6: a worker killed mid-child leaves a sub-agent another worker finishes; no tool runs twice and the parent is answered once", async () => {
    const { db, prisma, owner, workspace } = await workspaceWithOwner();
    const slowWords = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");
    const child = await createAgent(prisma, workspace.id, {
      chunkDelayMs: 150,
      scenarios: [
        {
          when: "^write two",
          steps: [
            { toolCalls: [{ name: "write_file", args: { path: "first.md", content: "first\n" } }] },
            { text: slowWords, toolCalls: [{ name: "write_file", args: { path: "second.md", content: "second\n" } }] },
            { text: "Both written." },
          ],
        },
      ],
    });
    const parentAgent = await createAgent(prisma, workspace.id, delegatingScript("write two files", child.name));
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: parentAgent.id, mode: "chat", worktreePath: fx.worktree });
    await prisma.job.deleteMany({});
    const { run } = await postMessage(prisma, { workspaceId: workspace.id, roomId: room.id, userId: owner.id, content: "investigate and write" });

    const worker = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/worker.ts"], { env: { ...process.env, GATEHOUSE_LEASE_MS: "2000" }, stdio: "ignore" });
    const sub = await waitFor("the sub-agent's first call to run", async () => {
      const found = await prisma.run.findFirst({ where: { parentRunId: run!.id } });
      return found && (await prisma.toolCall.findFirst({ where: { runId: found.id, status: "executed" } })) && (await prisma.run.findUnique({ where: { id: found.id } }))?.steps === 1 ? found : null;
    });
    worker.kill("SIGKILL");
    await new Promise((r) => worker.once("exit", r));
    expect(existsSync(path.join(fx.worktree, "second.md"))).toBe(false);

    const rescuer = await startWorker({ db, workerId: "rescuer", leaseMs: 2000, pollMs: 200, handlers: jobHandlers(db, { owner: "rescuer", runLeaseMs: 2000 }) });
    const finished = await waitFor("the parent to finish", async () => {
      const r = await prisma.run.findUnique({ where: { id: run!.id } });
      return r && ["succeeded", "failed"].includes(r.status) ? r : null;
    });
    await rescuer.stop();

    expect(finished.status).toBe("succeeded");
    expect(await readFile(path.join(fx.worktree, "first.md"), "utf8")).toBe("first\n");
    expect(await readFile(path.join(fx.worktree, "second.md"), "utf8")).toBe("second\n");
    const childCalls = await prisma.toolCall.findMany({ where: { runId: sub.id }, orderBy: { createdAt: "asc" } });
    expect(childCalls.map((c) => [c.tool, c.status])).toEqual([
      ["write_file", "executed"],
      ["write_file", "executed"],
    ]);
    expect(await prisma.run.count({ where: { parentRunId: run!.id } })).toBe(1);
    const delegateCalls = await prisma.toolCall.findMany({ where: { runId: run!.id, tool: "delegate" } });
    expect(delegateCalls).toHaveLength(1);
    expect(delegateCalls[0]!.result).toMatchObject({ status: "succeeded" });
    expect(String((delegateCalls[0]!.result as { result: string }).result)).toContain("Both written.");
  });
});
