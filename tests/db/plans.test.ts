/**
 * Plan mode end to end against real PostgreSQL: stored versions with their
 * layout (P1, P2), approval into work that runs in dependency order (P3),
 * rejection and revision, failures and retry, Markdown export (A2), the
 * outcome of the planning run (A4) and the plan-mode API (A7).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../lib/db/client";
import type { Prisma } from "../../lib/db/generated/client";
import { AppError } from "../../lib/errors/app-error";
import type { RunCheckpoint } from "../../lib/harness/types";
import { onRunSettled } from "../../lib/orchestration/on-run-settled";
import { listOrchestrations } from "../../lib/orchestration/list-orchestrations";
import { retryOrchestration } from "../../lib/orchestration/retry-orchestration";
import { decidePlan } from "../../lib/orchestration/decide-plan";
import { exportPlanMarkdown } from "../../lib/plans/export-plan-markdown";
import { getPlan } from "../../lib/plans/get-plan";
import { listPlans } from "../../lib/plans/list-plans";
import { readRoomTodos } from "../../lib/plans/read-room-todos";
import { requestPlanExit } from "../../lib/plans/request-plan-exit";
import { setPlanMode } from "../../lib/plans/set-plan-mode";
import { submitPlan } from "../../lib/plans/submit-plan";
import { makeFixture, type Fixture } from "../../lib/repos/git.test-support";
import { replaceTodos } from "../../lib/rooms/replace-todos";
import { advanceStoredRun } from "../../lib/runtime/advance-stored-run";
import { postMessage } from "../../lib/runs/post-message";
import { anotherConnection, testDatabase } from "../support/db";
import { createAgent, createRoom, createRun, createUser, createWorkspace } from "../support/factories";
import { inProcessWorker, PLAN_NODES, plannerScript, TICKET_SUMMARY, waitFor } from "../support/plan-fixtures";

let fx: Fixture;
beforeAll(async () => {
  fx = await makeFixture();
});
afterAll(() => fx.cleanup());

async function setup(db: Database, script: unknown = plannerScript()) {
  const { prisma } = db;
  const owner = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
  const agent = await createAgent(prisma, workspace.id, script);
  const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, mode: "plan", autonomy: "auto_edit", worktreePath: fx.worktree });
  const scope = { workspaceId: workspace.id, roomId: room.id };
  const submit = (nodes = PLAN_NODES, goal = "Ship the four-step change") =>
    submitPlan(prisma, { ...scope, runId: null, conversationId: room.conversationId, author: `agent:${agent.name}` }, { goal, nodes });
  return { prisma, owner, workspace, agent, room, scope, submit };
}

function refusal(promise: Promise<unknown>): Promise<AppError> {
  return promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: unknown) => error as AppError,
  );
}

describe("plans", () => {
  it("P1, P2: a stored plan has its layout, a compact row, and one pending plan approval that follows the newest version", async () => {
    const { prisma, room, scope, submit } = await setup(await testDatabase());
    const v1 = await submit();
    const v2 = await submit([...PLAN_NODES, { key: "e", title: "Document it", description: "", dependsOn: ["d"] }], "Ship it, documented");
    expect([v1.version, v2.version]).toEqual([1, 2]);

    const stored = await prisma.plan.findUniqueOrThrow({ where: { id: v2.planId } });
    const layout = stored.layout as { nodes: { key: string; x: number; y: number }[] };
    expect(layout.nodes.map((n) => n.key).sort()).toEqual(["a", "b", "c", "d", "e"]);
    // LR layout: every dependency sits left of its dependant.
    const x = new Map(layout.nodes.map((n) => [n.key, n.x]));
    expect(x.get("a")!).toBeLessThan(x.get("b")!);
    expect(x.get("d")!).toBeLessThan(x.get("e")!);

    const rows = await prisma.message.findMany({ where: { conversationId: room.conversationId }, orderBy: { createdAt: "asc" } });
    expect(rows.map((m) => m.meta)).toEqual([
      { kind: "plan", planId: v1.planId, version: 1, steps: 4 },
      { kind: "plan", planId: v2.planId, version: 2, steps: 5 },
    ]);
    expect((await prisma.plan.findUniqueOrThrow({ where: { id: v1.planId } })).status).toBe("superseded");
    const approvals = await prisma.approval.findMany({ where: { roomId: room.id, kind: "plan" } });
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).toMatchObject({ status: "pending", planId: v2.planId, summary: "Plan v2: Ship it, documented" });

    const versions = await listPlans(prisma, scope);
    expect(versions.map((v) => [v.version, v.status, v.changes])).toEqual([
      [2, "submitted", "goal changed · 1 added"],
      [1, "superseded", "first version"],
    ]);
  });

  it("P2: a plan reads back with its diff against the previous version; a plan of another workspace is not found", async () => {
    const { prisma, owner, scope, submit } = await setup(await testDatabase());
    await submit();
    const v2 = await submit([PLAN_NODES[0]!, { ...PLAN_NODES[1]!, title: "Build on the groundwork" }, PLAN_NODES[3]!].map((n) => ({ ...n, dependsOn: n.dependsOn.filter((d) => d !== "c") })));
    const detail = await getPlan(prisma, scope, v2.planId);
    expect(detail.against).toMatchObject({ version: 1 });
    expect(detail.diff!.removed.map((n) => n.key)).toEqual(["c"]);
    expect(detail.diff!.changed.map((c) => c.key)).toEqual(["b", "d"]);
    expect(detail.latest.version).toBe(2);
    expect(detail.plan.layout.nodes).toHaveLength(3);

    const other = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
    expect((await refusal(getPlan(prisma, { workspaceId: other.id }, v2.planId))).code).toBe("not_found");
  });

  it("P3: approving compiles a ticket per node, switches the room to Agent mode (audited), settles plan_exit, marks the run plan_approved and queues a tick — atomically", async () => {
    const db = await testDatabase();
    const { prisma, owner, workspace, room, scope } = await setup(db);
    const run = await prisma.run.create({ data: { workspaceId: workspace.id, roomId: room.id, conversationId: room.conversationId, status: "succeeded", mode: "plan", outcome: "plan_drafted" } });
    const { planId } = await submitPlan(prisma, { ...scope, runId: run.id, conversationId: room.conversationId, author: "agent:x" }, { goal: "Ship", nodes: PLAN_NODES });
    const exit = await requestPlanExit(prisma, { ...scope, runId: run.id });

    const result = await decidePlan(prisma, { ...scope, planId, userId: owner.id, decision: "approve", comment: "go" });
    expect(result.status).toBe("approved");

    const orchestration = await prisma.orchestration.findUniqueOrThrow({ where: { id: result.orchestrationId! }, include: { tickets: true } });
    expect(orchestration).toMatchObject({ planId, status: "running", roomId: room.id });
    expect(orchestration.tickets.map((t) => [t.key, t.dependsOn, t.status]).sort()).toEqual(PLAN_NODES.map((n) => [n.key, n.dependsOn, "pending"]));
    expect((await prisma.room.findUniqueOrThrow({ where: { id: room.id } })).mode).toBe("chat");
    const audit = await prisma.auditEvent.findFirstOrThrow({ where: { targetId: room.id, action: "room.mode_changed" } });
    expect(audit).toMatchObject({ actorId: owner.id, data: { mode: { from: "plan", to: "chat" }, via: "plan_approved" } });
    expect((await prisma.approval.findUniqueOrThrow({ where: { id: exit.approvalId! } })).status).toBe("applied");
    expect((await prisma.approval.findFirstOrThrow({ where: { roomId: room.id, kind: "plan" } })).status).toBe("approved");
    expect((await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).outcome).toBe("plan_approved");
    expect(await prisma.job.count({ where: { kind: "orchestration.tick", key: `orchestration:${orchestration.id}`, status: "queued" } })).toBe(1);
    const events = await prisma.runEvent.findMany({ where: { roomId: room.id }, select: { type: true } });
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(["plan.decided", "orchestration.started", "room.mode_changed"]));
  });

  it("P3: only the latest submitted version can be approved; a decided plan is a 409; of 8 concurrent approvals exactly one wins", async () => {
    const db = await testDatabase();
    const { prisma, owner, scope, submit } = await setup(db);
    const v1 = await submit();
    const v2 = await submit();
    const stale = await refusal(decidePlan(prisma, { ...scope, planId: v1.planId, userId: owner.id, decision: "approve" }));
    expect(stale.code).toBe("conflict");
    expect(stale.message).toContain("superseded");

    const pools = await Promise.all(Array.from({ length: 4 }, () => anotherConnection()));
    try {
      const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => decidePlan(pools[i % 4]!.prisma, { ...scope, planId: v2.planId, userId: owner.id, decision: "approve" })));
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      expect(outcomes.filter((o) => o.status === "rejected").every((o) => ((o as PromiseRejectedResult).reason as AppError).code === "conflict")).toBe(true);
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }
    expect(await prisma.orchestration.count({ where: { planId: v2.planId } })).toBe(1);
    expect(await prisma.ticket.count({ where: { orchestration: { planId: v2.planId } } })).toBe(4);
    const again = await refusal(decidePlan(prisma, { ...scope, planId: v2.planId, userId: owner.id, decision: "reject" }));
    expect(again).toMatchObject({ code: "conflict" });
    expect((await prisma.plan.findUniqueOrThrow({ where: { id: v2.planId } })).status).toBe("approved");
  });

  it("P3: a rejection keeps the room in plan mode with the comment; the revised version becomes v2 and can be approved", async () => {
    const { prisma, owner, room, scope, submit } = await setup(await testDatabase());
    const v1 = await submit();
    await decidePlan(prisma, { ...scope, planId: v1.planId, userId: owner.id, decision: "reject", comment: "split step b" });
    expect(await prisma.plan.findUniqueOrThrow({ where: { id: v1.planId } })).toMatchObject({ status: "rejected", comment: "split step b", decidedById: owner.id });
    expect((await prisma.room.findUniqueOrThrow({ where: { id: room.id } })).mode).toBe("plan");
    expect(await prisma.orchestration.count({ where: { roomId: room.id } })).toBe(0);
    const detail = await getPlan(prisma, scope, v1.planId);
    expect(detail.decision).toMatchObject({ status: "rejected", comment: "split step b", by: { id: owner.id } });
    // The comment reaches the agent: it is a message from the person in the conversation the next run reads.
    const note = await prisma.message.findFirstOrThrow({ where: { conversationId: room.conversationId, role: "user" } });
    expect(note).toMatchObject({ authorId: owner.id, content: expect.stringContaining("split step b") });

    const v2 = await submit();
    expect(v2.version).toBe(2);
    await decidePlan(prisma, { ...scope, planId: v2.planId, userId: owner.id, decision: "approve" });
    expect((await prisma.approval.findMany({ where: { roomId: room.id, kind: "plan" }, orderBy: { createdAt: "asc" } })).map((a) => a.status)).toEqual(["rejected", "approved"]);
  });

  it("P3, A2, A4: tickets run in dependency order as chat-mode runs that start with \"Ticket \", two at a time, each with its run's final text as result", async () => {
    const db = await testDatabase();
    const { prisma, owner, workspace, room, scope } = await setup(db);
    await prisma.job.deleteMany({});
    const worker = await inProcessWorker(db);
    try {
      const { run } = await postMessage(prisma, { workspaceId: workspace.id, roomId: room.id, userId: owner.id, content: "Plan the change" });
      const plan = await waitFor("the plan", () => prisma.plan.findFirst({ where: { runId: run!.id } }));
      await waitFor("the planning run to end", async () => (await prisma.run.findUniqueOrThrow({ where: { id: run!.id } })).status === "succeeded");
      expect((await prisma.run.findUniqueOrThrow({ where: { id: run!.id } })).outcome).toBe("plan_drafted");

      const { orchestrationId } = await decidePlan(prisma, { ...scope, planId: plan.id, userId: owner.id, decision: "approve" });
      const done = await waitFor("the orchestration to finish", async () => {
        const o = await prisma.orchestration.findUniqueOrThrow({ where: { id: orchestrationId! } });
        return o.status !== "running" ? o : null;
      });
      expect(done.status).toBe("succeeded");
    } finally {
      await worker.stop();
    }
    const [view] = await listOrchestrations(prisma, scope);
    expect(view!.tickets.map((t) => t.key)).toEqual(["a", "b", "c", "d"]);
    expect(view!.tickets.every((t) => t.status === "succeeded" && t.result?.includes(TICKET_SUMMARY))).toBe(true);

    const runs = await prisma.run.findMany({ where: { ticketId: { not: null } }, include: { ticket: true } });
    expect(runs).toHaveLength(4);
    const byKey = new Map(runs.map((r) => [r.ticket!.key, r]));
    for (const r of runs) {
      expect(r.mode).toBe("chat");
      expect(r.status).toBe("succeeded");
      const first = (r.state as unknown as RunCheckpoint).messages[0]!;
      expect(String(first.content)).toMatch(new RegExp(`^Ticket ${r.ticket!.key}: `));
      for (const dep of r.ticket!.dependsOn) expect(r.startedAt!.getTime()).toBeGreaterThanOrEqual(byKey.get(dep)!.finishedAt!.getTime());
    }
    // d's prompt carries what b and c produced.
    expect(String((byKey.get("d")!.state as unknown as RunCheckpoint).messages[0]!.content)).toContain(TICKET_SUMMARY);
    // Never more than parallelism (2) tickets at once.
    const edges = runs.flatMap((r) => [{ at: r.startedAt!.getTime(), d: 1 }, { at: r.finishedAt!.getTime(), d: -1 }]).sort((p, q) => p.at - q.at || p.d - q.d);
    let open = 0;
    let peak = 0;
    for (const e of edges) peak = Math.max(peak, (open += e.d));
    expect(peak).toBeLessThanOrEqual(2);

    const markdown = await exportPlanMarkdown(prisma, scope, view!.plan!.id);
    expect(markdown).toMatch(/^# Ship the four-step change/);
    expect(markdown.match(/- \[x\]/g)).toHaveLength(4);
    const planRun = await prisma.run.findFirstOrThrow({ where: { roomId: room.id, ticketId: null, kind: "agent" } });
    expect(planRun.outcome).toBe("plan_approved");
  });

  it("P3: a failed ticket blocks its dependants with a reason; independent work finishes; retry runs the rest to success", async () => {
    const db = await testDatabase();
    const nodes = [
      { key: "base", title: "Base", description: "", dependsOn: [] },
      { key: "fail-flaky", title: "Flaky step", description: "", dependsOn: ["base"] },
      { key: "after", title: "After the flaky step", description: "", dependsOn: ["fail-flaky"] },
      { key: "beside", title: "Independent", description: "", dependsOn: ["base"] },
    ];
    const { prisma, owner, agent, scope, submit } = await setup(db);
    await prisma.job.deleteMany({});
    const { planId } = await submit(nodes, "Survive a failure");
    const { orchestrationId } = await decidePlan(prisma, { ...scope, planId, userId: owner.id, decision: "approve" });
    const worker = await inProcessWorker(db);
    try {
      await waitFor("the failure to settle", async () => (await prisma.orchestration.findUniqueOrThrow({ where: { id: orchestrationId! } })).status === "failed");
      const tickets = new Map((await prisma.ticket.findMany({ where: { orchestrationId } })).map((t) => [t.key, t]));
      expect(tickets.get("fail-flaky")).toMatchObject({ status: "failed" });
      expect(tickets.get("fail-flaky")!.error).toContain("step limit");
      expect(tickets.get("after")).toMatchObject({ status: "blocked", error: 'dependency "fail-flaky" failed' });
      expect(tickets.get("beside")!.status).toBe("succeeded");
      const [view] = await listOrchestrations(prisma, scope);
      expect(view!.retryable).toEqual(["fail-flaky", "after"]);

      // The cause is fixed (the agent's script no longer fails), then a person retries.
      const fixed = plannerScript();
      fixed.scenarios.shift();
      await prisma.agent.update({ where: { id: agent.id }, data: { script: fixed as unknown as Prisma.InputJsonValue } });
      const retried = await retryOrchestration(prisma, { ...scope, orchestrationId: orchestrationId!, userId: owner.id });
      expect(retried.retried).toEqual(["fail-flaky", "after"]);
      await waitFor("the retry to succeed", async () => (await prisma.orchestration.findUniqueOrThrow({ where: { id: orchestrationId! } })).status === "succeeded");
    } finally {
      await worker.stop();
    }
    const after = await prisma.ticket.findMany({ where: { orchestrationId } });
    expect(after.every((t) => t.status === "succeeded" && t.error === null)).toBe(true);
    expect((await refusal(retryOrchestration(prisma, { ...scope, orchestrationId: orchestrationId!, userId: owner.id }))).code).toBe("conflict");
  });

  it("A4: a plan approved while its run is still going ends the run as plan_approved", async () => {
    const db = await testDatabase();
    const { prisma, owner, workspace, room, scope } = await setup(db);
    const run = await prisma.run.create({ data: { workspaceId: workspace.id, roomId: room.id, status: "running", mode: "plan" } });
    const { planId } = await submitPlan(prisma, { ...scope, runId: run.id, conversationId: room.conversationId, author: "agent:x" }, { goal: "Ship", nodes: PLAN_NODES });
    await decidePlan(prisma, { ...scope, planId, userId: owner.id, decision: "approve" });
    // The harness finishes afterwards and records what it knew: drafted.
    await prisma.run.update({ where: { id: run.id }, data: { status: "succeeded", outcome: "plan_drafted" } });
    await onRunSettled(db, run.id);
    expect((await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).outcome).toBe("plan_approved");
  });

  it("A7, P6: the plan-mode API enters and leaves plan mode as a person, audited; leaving settles an open exit request; todos read back", async () => {
    const { prisma, owner, room, scope } = await setup(await testDatabase());
    await prisma.room.update({ where: { id: room.id }, data: { mode: "chat" } });
    expect(await setPlanMode(prisma, { ...scope, userId: owner.id }, { enter: true })).toMatchObject({ mode: "plan", changed: true });
    const exit = await requestPlanExit(prisma, { ...scope, runId: null });
    expect(await setPlanMode(prisma, { ...scope, userId: owner.id }, { enter: false })).toMatchObject({ mode: "chat", changed: true });
    expect(await setPlanMode(prisma, { ...scope, userId: owner.id }, { enter: false })).toMatchObject({ mode: "chat", changed: false });
    expect((await prisma.approval.findUniqueOrThrow({ where: { id: exit.approvalId! } })).status).toBe("applied");
    const audits = await prisma.auditEvent.findMany({ where: { targetId: room.id, action: "room.mode_changed" }, orderBy: { createdAt: "asc" } });
    expect(audits.map((a) => [a.actorId, (a.data as { mode: { to: string } }).mode.to])).toEqual([
      [owner.id, "plan"],
      [owner.id, "chat"],
    ]);

    await prisma.room.update({ where: { id: room.id }, data: { mode: "orchestrate" } });
    expect((await refusal(setPlanMode(prisma, { ...scope, userId: owner.id }, { enter: false }))).code).toBe("unprocessable");

    await replaceTodos(prisma, { ...scope, runId: null }, [{ content: "read the code", status: "in_progress" }]);
    expect(await readRoomTodos(prisma, scope)).toEqual([{ content: "read the code", status: "in_progress" }]);
  });

  it("G1, G2: at autonomy 'ask', with nobody connected and an agent allowlist that names no tool, submit_plan still delivers and ask_user still reaches a person", async () => {
    const db = await testDatabase();
    const { prisma } = db;
    const owner = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
    const script = {
      scenarios: [
        { when: "question", steps: [{ toolCalls: [{ name: "ask_user", args: { question: "Cap at 50% or 40%?" } }] }, { text: "Thanks." }] },
        { steps: [{ toolCalls: [{ name: "write_file", args: { path: "x.md", content: "x" } }, { name: "submit_plan", args: { goal: "Ship", nodes: PLAN_NODES } }] }, { text: "Submitted." }] },
      ],
    };
    const agent = await createAgent(prisma, workspace.id, script, { restrictModules: true, moduleAllowlist: [] });
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, mode: "plan", autonomy: "ask", worktreePath: fx.worktree });

    const planRun = await createRun(prisma, { ...room, agentId: agent.id }, "plan it");
    expect(await advanceStoredRun(db, planRun.id, { owner: "test" })).toMatchObject({ status: "succeeded", outcome: "plan_drafted" });
    const calls = await prisma.toolCall.findMany({ where: { runId: planRun.id }, orderBy: { callId: "asc" } });
    expect(calls.map((c) => [c.tool, c.status])).toEqual([
      ["write_file", "refused"],
      ["submit_plan", "executed"],
    ]);
    expect(await prisma.plan.count({ where: { runId: planRun.id } })).toBe(1);

    const questionRun = await createRun(prisma, { ...room, agentId: agent.id }, "a question first");
    expect(await advanceStoredRun(db, questionRun.id, { owner: "test" })).toMatchObject({ status: "waiting" });
    expect(await prisma.runEvent.count({ where: { runId: questionRun.id, type: "question" } })).toBe(1);
    expect(await prisma.approval.count({ where: { runId: questionRun.id } })).toBe(0);
  });
});
