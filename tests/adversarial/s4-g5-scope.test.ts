/**
 * S4: a run whose stored room id belongs to another workspace reaches nothing
 * of that room — not its mode, its task list, its plans, its conversation, its
 * findings, nor its live stream — whether the write comes through the harness
 * or straight through a domain operation.
 * G5: a person connected only through an MCP client counts as a connected
 * approver within the presence window, if their role may approve.
 * Real PostgreSQL, the real queue worker and harness, the real event hub, and
 * real MCP requests against the app's handler.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StreamEvent } from "../../lib/events/catalogue";
import { createEventHub } from "../../lib/events/event-hub";
import { recordEvent } from "../../lib/events/record-event";
import { createMcpToken } from "../../lib/mcp/create-mcp-token";
import { handleMcpRequest } from "../../lib/mcp/handle-mcp-request";
import { recordProposal } from "../../lib/orchestration/record-proposal";
import { requestPlanExit } from "../../lib/plans/request-plan-exit";
import { submitPlan } from "../../lib/plans/submit-plan";
import { PRESENCE_WINDOW_MS } from "../../lib/presence/track-presence";
import { advanceRunJob, enqueueJob } from "../../lib/queue/enqueue-job";
import type { RunningWorker } from "../../lib/queue/run-worker";
import { replaceTodos } from "../../lib/rooms/replace-todos";
import { postComment } from "../../lib/runs/post-comment";
import { postMessage } from "../../lib/runs/post-message";
import { createToolServices } from "../../lib/runtime/tool-services";
import { fileTicket } from "../../lib/tickets/file-ticket";
import { testDatabase } from "../support/db";
import { createAgent, createRoom, createRun, createUser, createWorkspace } from "../support/factories";
import { inProcessWorker, PLAN_NODES, waitFor } from "../support/plan-fixtures";

let worker: RunningWorker;
beforeAll(async () => {
  worker = await inProcessWorker(await testDatabase());
});
afterAll(async () => {
  await worker.stop();
});

/** Workspace B with a plan-mode room, and everything of it a stray write could touch. */
async function victim() {
  const { prisma } = await testDatabase();
  const owner = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
  const room = await createRoom(prisma, { workspaceId: workspace.id, mode: "plan" });
  const lastEvent = (await prisma.runEvent.aggregate({ _max: { id: true } }))._max.id ?? 0n;
  const state = async () => ({
    todos: (await prisma.room.findUniqueOrThrow({ where: { id: room.id } })).todos,
    plans: await prisma.plan.count({ where: { roomId: room.id } }),
    approvals: await prisma.approval.count({ where: { roomId: room.id } }),
    messages: await prisma.message.count({ where: { conversationId: room.conversationId } }),
    proposals: await prisma.orchestrationProposal.count({ where: { roomId: room.id } }),
    tickets: await prisma.ticket.count({ where: { roomId: room.id } }),
    findings: await prisma.finding.count({ where: { roomId: room.id } }),
    events: await prisma.runEvent.count({ where: { roomId: room.id, id: { gt: lastEvent } } }),
    mode: (await prisma.room.findUniqueOrThrow({ where: { id: room.id } })).mode,
  });
  return { workspace, room, owner, state, untouched: await state() };
}

const FINDING = { kind: "bug", priority: "P1", confidence: 0.9, title: "Planted finding", body: "Written into another workspace." };

describe("S4: a room id from another workspace is no room", () => {
  it("S4: the run resolves to chat, its todo_write/submit_plan/post_comment/add_review_node calls record nothing in B, and B's event stream gets nothing", async () => {
    const db = await testDatabase();
    const { prisma } = db;
    const b = await victim();
    const hub = await createEventHub(db);
    const delivered: StreamEvent[] = [];
    await hub.subscribe({ topic: `room:${b.room.id}`, deliver: (event) => delivered.push(event) });

    const a = await createWorkspace(prisma);
    const agent = await createAgent(prisma, a.id, {
      scenarios: [
        {
          steps: [
            {
              text: "Writing into the other room.",
              toolCalls: [
                { name: "todo_write", args: { todos: [{ content: "planted task", status: "in_progress" }] } },
                { name: "submit_plan", args: { goal: "Planted plan", nodes: PLAN_NODES } },
                { name: "post_comment", args: { body: "Planted comment" } },
                { name: "add_review_node", args: FINDING },
              ],
            },
            { text: "Done." },
          ],
        },
      ],
    });
    // The run belongs to A but carries B's room and conversation (a stray or forged row).
    const run = await createRun(prisma, { id: b.room.id, workspaceId: a.id, agentId: agent.id, conversationId: b.room.conversationId }, "go");
    await enqueueJob(prisma, advanceRunJob(run.id));
    const finished = await waitFor("the run to end", async () => {
      const row = await prisma.run.findUniqueOrThrow({ where: { id: run.id } });
      return ["succeeded", "failed"].includes(row.status) ? row : null;
    });

    expect(finished).toMatchObject({ status: "succeeded", mode: "chat" });
    const calls = await prisma.toolCall.findMany({ where: { runId: run.id }, orderBy: { createdAt: "asc" } });
    const byTool = Object.fromEntries(calls.map((c) => [c.tool, c]));
    expect(byTool.todo_write).toMatchObject({ status: "error", result: expect.stringContaining("no room to record it in") });
    expect(byTool.post_comment).toMatchObject({ status: "error", result: expect.stringContaining("no room to record it in") });
    // Plan and review verbs are not on a chat surface at all.
    expect(byTool.submit_plan).toMatchObject({ status: "refused" });
    expect(byTool.add_review_node).toMatchObject({ status: "refused" });

    expect(await b.state()).toEqual(b.untouched);
    // The run's own events stay in its workspace, bound to no room.
    const runEvents = await prisma.runEvent.findMany({ where: { runId: run.id } });
    expect(runEvents.length).toBeGreaterThan(0);
    expect(runEvents.every((e) => e.workspaceId === a.id && e.roomId === null)).toBe(true);
    expect(runEvents.find((e) => e.type === "run.started")?.data).toMatchObject({ mode: "chat" });

    // A legitimate event in B marks the point by which anything stray would have arrived.
    await recordEvent(prisma, { workspaceId: b.workspace.id, roomId: b.room.id, type: "room.updated", data: { mode: "chat", via: "sentinel" } });
    await waitFor("the sentinel", async () => delivered.some((e) => e.type === "room.updated"));
    expect(delivered.map((e) => [e.type, e.data])).toEqual([["room.updated", { mode: "chat", via: "sentinel" }]]);
  });

  it("S4: every room-scoped write a run can reach checks the room's workspace, and a refused one leaves nothing behind", async () => {
    const { prisma } = await testDatabase();
    const b = await victim();
    const a = await createWorkspace(prisma);
    const ownRoom = await createRoom(prisma, { workspaceId: a.id });
    const ctx = { workspaceId: a.id, roomId: b.room.id, runId: null, conversationId: b.room.conversationId };
    const attempts: [string, () => Promise<unknown>][] = [
      ["todos", () => replaceTodos(prisma, ctx, [{ content: "planted", status: "pending" }])],
      ["plan", () => submitPlan(prisma, { ...ctx, author: "agent:x" }, { goal: "Planted", nodes: PLAN_NODES })],
      ["plan exit", () => requestPlanExit(prisma, ctx, "planted")],
      ["comment", () => postComment(prisma, ctx, "planted")],
      // B's conversation under A's own room is refused too.
      ["comment via A's room", () => postComment(prisma, { ...ctx, roomId: ownRoom.id }, "planted")],
      ["proposal", () => recordProposal(prisma, ctx, { goal: "x", roles: [], tickets: [] } as unknown as Parameters<typeof recordProposal>[2])],
      ["ticket", () => fileTicket(prisma, ctx, { title: "planted", description: "planted" })],
      ["finding", () => createToolServices(prisma, { ...ctx, runId: "stray-run", author: "agent:x" }).reviews.addNode(FINDING)],
      ["event", () => recordEvent(prisma, { workspaceId: a.id, roomId: b.room.id, type: "room.updated", data: { mode: "chat", via: "planted" } })],
    ];
    for (const [what, attempt] of attempts) {
      const error = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect([what, error === null ? "written" : "refused"]).toEqual([what, "refused"]);
    }
    expect(await b.state()).toEqual(b.untouched);
    expect(await prisma.message.count({ where: { conversationId: ownRoom.conversationId } })).toBe(0);
  });
});

// ─── G5 ───

const MCP_URL = new URL("http://gatehouse.test/api/mcp");

/** One real MCP session (initialize + tools/list) against the app's handler. */
async function useMcp(userId: string) {
  const { prisma } = await testDatabase();
  const { secret } = await createMcpToken(prisma, userId, { name: "laptop" });
  // The client also sends requests it does not wait for (the GET that opens its notification
  // stream); each refreshes presence, so all of them must be done before a test ages it.
  const inFlight: Promise<unknown>[] = [];
  const transport = new StreamableHTTPClientTransport(MCP_URL, {
    requestInit: { headers: { authorization: `Bearer ${secret}` } },
    fetch: (input, init) => {
      const answer = handleMcpRequest(prisma, new Request(input, init));
      inFlight.push(answer.catch(() => undefined));
      return answer;
    },
  });
  const client = new Client({ name: "g5-test", version: "1.0.0" });
  await client.connect(transport);
  await client.listTools();
  await client.close();
  await Promise.all(inFlight);
}

/** A room at autonomy "ask" whose agent makes one write call (post_comment), which needs a person. */
async function askingRun(members: { userId: string; role: "owner" | "admin" | "member" | "viewer" }[], prepare: () => Promise<void>) {
  const { prisma } = await testDatabase();
  const workspace = await createWorkspace(prisma, members);
  const agent = await createAgent(prisma, workspace.id, {
    scenarios: [{ steps: [{ toolCalls: [{ name: "post_comment", args: { body: "Shall I go ahead?" } }] }, { text: "Finished." }] }],
  });
  const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, autonomy: "ask" });
  await prepare();
  const { run } = await postMessage(prisma, { workspaceId: workspace.id, roomId: room.id, userId: members[0]!.userId, content: "comment please" });
  const settled = await waitFor("the run to wait or end", async () => {
    const row = await prisma.run.findUniqueOrThrow({ where: { id: run!.id } });
    return ["waiting", "succeeded", "failed"].includes(row.status) ? row : null;
  });
  const call = await prisma.toolCall.findFirstOrThrow({ where: { runId: run!.id, tool: "post_comment" } });
  const approvals = await prisma.approval.count({ where: { runId: run!.id, kind: "tool_call", status: "pending" } });
  return { status: settled.status, call, approvals };
}

describe("G5: an MCP session counts as a connected approver", () => {
  it("G5: a member connected only through MCP makes a per-call approval wait instead of being refused", async () => {
    const { prisma } = await testDatabase();
    const member = await createUser(prisma);
    const outcome = await askingRun([{ userId: member.id, role: "member" }], () => useMcp(member.id));
    expect(outcome).toMatchObject({ status: "waiting", approvals: 1, call: { status: "waiting", decision: "confirm" } });
  });

  it("G5: an MCP session counts only within the presence window, for a role that may approve, in the person's own workspaces", async () => {
    const { prisma } = await testDatabase();
    const fresh = () => ({ lastSeenAt: { gt: new Date(Date.now() - PRESENCE_WINDOW_MS) } });

    // Stale: the member's MCP client was last seen before the window.
    const member = await createUser(prisma);
    const stale = await askingRun([{ userId: member.id, role: "member" }], async () => {
      await useMcp(member.id);
      expect(await prisma.presence.count({ where: { userId: member.id, ...fresh() } })).toBe(1);
      await prisma.presence.updateMany({ where: { userId: member.id }, data: { lastSeenAt: new Date(Date.now() - PRESENCE_WINDOW_MS - 5_000) } });
    });
    expect(stale).toMatchObject({ status: "succeeded", approvals: 0, call: { status: "refused" } });
    expect(stale.call.reason).toMatch(/no one who could approve is connected/);

    // A viewer connected right now, and a member connected right now to another workspace only.
    const viewer = await createUser(prisma);
    const elsewhere = await createUser(prisma);
    await createWorkspace(prisma, [{ userId: elsewhere.id, role: "owner" }]);
    const notApprovers = await askingRun([{ userId: viewer.id, role: "viewer" }], async () => {
      await useMcp(viewer.id);
      await useMcp(elsewhere.id);
      expect(await prisma.presence.count({ where: { userId: { in: [viewer.id, elsewhere.id] }, ...fresh() } })).toBe(2);
    });
    expect(notApprovers).toMatchObject({ status: "succeeded", approvals: 0, call: { status: "refused" } });

    // A request with a bad token marks nobody present.
    const before = await prisma.presence.count();
    const response = await handleMcpRequest(
      prisma,
      new Request(MCP_URL, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: "Bearer gh_mcp_not-a-token" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
      }),
    );
    expect(response.status).toBe(401);
    expect(await prisma.presence.count()).toBe(before);
  });
});
