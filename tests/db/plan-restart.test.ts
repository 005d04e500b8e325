/**
 * A5: plan state survives process restarts. A worker process plans, then is
 * stopped while the plan waits for approval; a person approves with no worker
 * running; a new worker process picks the queued work up and runs the
 * approved plan's tickets to completion, each exactly once.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decidePlan } from "../../lib/orchestration/decide-plan";
import { makeFixture, type Fixture } from "../../lib/repos/git.test-support";
import { postMessage } from "../../lib/runs/post-message";
import { testDatabase } from "../support/db";
import { createAgent, createRoom, createUser, createWorkspace } from "../support/factories";
import { plannerScript, TICKET_SUMMARY, waitFor } from "../support/plan-fixtures";

let fx: Fixture;
const children = new Set<ChildProcess>();
beforeAll(async () => {
  fx = await makeFixture();
});
afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await fx.cleanup();
});

function startWorkerProcess(): ChildProcess {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/worker.ts"], {
    env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL, GATEHOUSE_LEASE_MS: "3000" },
    stdio: "ignore",
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

async function stopGracefully(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

describe("A5: restarts", () => {
  it("A5, P3: a worker stopped while the plan waits for approval; approval with no worker; a new worker runs the approved tickets to completion", async () => {
    const { prisma } = await testDatabase();
    const owner = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
    const agent = await createAgent(prisma, workspace.id, plannerScript());
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, mode: "plan", worktreePath: fx.worktree });
    await prisma.job.deleteMany({});

    const first = startWorkerProcess();
    const { run } = await postMessage(prisma, { workspaceId: workspace.id, roomId: room.id, userId: owner.id, content: "Plan the change" });
    const plan = await waitFor("the plan", () => prisma.plan.findFirst({ where: { runId: run!.id } }));
    await waitFor("the planning run to end", async () => (await prisma.run.findUniqueOrThrow({ where: { id: run!.id } })).status === "succeeded");
    await stopGracefully(first);

    // Nobody is running: the decision is only rows and a queued job.
    const { orchestrationId } = await decidePlan(prisma, { workspaceId: workspace.id, roomId: room.id, planId: plan.id, userId: owner.id, decision: "approve" });
    await new Promise((r) => setTimeout(r, 500));
    expect(await prisma.ticket.count({ where: { orchestrationId, status: "pending" } })).toBe(4);
    expect(await prisma.job.count({ where: { kind: "orchestration.tick", status: "queued" } })).toBe(1);
    expect((await prisma.room.findUniqueOrThrow({ where: { id: room.id } })).mode).toBe("chat");

    const second = startWorkerProcess();
    const finished = await waitFor(
      "the orchestration to finish in the new worker",
      async () => {
        const o = await prisma.orchestration.findUniqueOrThrow({ where: { id: orchestrationId! } });
        return o.status !== "running" ? o : null;
      },
      90_000,
    );
    await stopGracefully(second);

    expect(finished.status).toBe("succeeded");
    const tickets = await prisma.ticket.findMany({ where: { orchestrationId }, include: { run: true } });
    expect(tickets.map((t) => t.status)).toEqual(["succeeded", "succeeded", "succeeded", "succeeded"]);
    expect(tickets.every((t) => t.result?.includes(TICKET_SUMMARY) && t.run?.status === "succeeded" && t.run.mode === "chat")).toBe(true);
    // Exactly one run per ticket: nothing was started twice across the restart.
    expect(await prisma.run.count({ where: { roomId: room.id, kind: "ticket" } })).toBe(4);
    expect((await prisma.run.findUniqueOrThrow({ where: { id: run!.id } })).outcome).toBe("plan_approved");
  }, 150_000);
});
