/**
 * Traces (issue 23): with OTEL_EXPORTER_OTLP_ENDPOINT set, a run's work
 * reaches a real OTLP/HTTP receiver on loopback as OpenTelemetry spans with
 * the GenAI conventions — invoke_agent per advance of the run, chat per model
 * call, execute_tool per call carrying the gate's decision (G7: its rule and
 * the capability fingerprint), approvals as span events (G4) — and a webhook
 * delivery, the jobs it queues, the review run they start and the publish of
 * its verdict to GitHub (real Octokit, a local GitHub API) are one trace.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "../../app/api/webhooks/github/route";
import type { Database } from "../../lib/db/client";
import { signPayload } from "../../lib/github/verify-signature";
import { serveGitOverHttp } from "../../lib/repos/git-http.test-support";
import { gitSync } from "../../lib/repos/git.test-support";
import { startWorker } from "../../lib/queue/run-worker";
import { jobHandlers } from "../../lib/runtime/job-handlers";
import { checkout, commitFiles, makeRepo, sha, useDataDir } from "../support/reviews";
import { decideApproval } from "../../lib/approvals/decide-approval";
import { makeFixture, type Fixture } from "../../lib/repos/git.test-support";
import { advanceStoredRun } from "../../lib/runtime/advance-stored-run";
import { startPresence } from "../../lib/presence/track-presence";
import { startTelemetry, type Telemetry } from "../../lib/telemetry/start-telemetry";
import { testDatabase } from "../support/db";
import { createAgent, createRoom, createRun, createUser, createWorkspace } from "../support/factories";
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from "../support/otlp-receiver";
import { startGithubApi } from "../support/github-api-server";
import { newToken } from "../support/publishing";
import { waitFor } from "../support/wait-for";

let fx: Fixture;
let receiver: OtlpReceiver;
let telemetry: Telemetry;
let endpoint: string | undefined;

beforeAll(async () => {
  fx = await makeFixture();
  receiver = await startOtlpReceiver();
  endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.endpoint;
  telemetry = (await startTelemetry())!;
});
afterAll(async () => {
  await telemetry?.shutdown();
  if (endpoint === undefined) delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  else process.env.OTEL_EXPORTER_OTLP_ENDPOINT = endpoint;
  await receiver?.close();
  await fx.cleanup();
});

/** Every span of these runs that has reached the receiver. */
async function spansOf(runIds: string[]): Promise<ReceivedSpan[]> {
  await telemetry.flush();
  const traces = new Set(receiver.spans.filter((s) => runIds.includes(String(s.attributes["gatehouse.run.id"]))).map((s) => s.traceId));
  return receiver.spans.filter((s) => traces.has(s.traceId));
}

describe("traces", { timeout: 240_000 }, () => {
  it("issue 23, G7, G4: a plan-room run's refused write and approved call are execute_tool spans under invoke_agent, beside a chat span per model call", async () => {
    expect(telemetry).toBeTruthy();
    const db = await testDatabase();
    const { prisma } = db;
    const owner = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
    const agent = await createAgent(prisma, workspace.id, {
      scenarios: [
        {
          steps: [
            {
              toolCalls: [
                { name: "write_file", args: { path: "nope.md", content: "no\n" } },
                { name: "run_command", args: { command: "ls" } },
              ],
            },
            { text: "No plan is needed here." },
          ],
        },
      ],
    });
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, mode: "plan", autonomy: "ask", worktreePath: fx.worktree });
    await prisma.room.update({ where: { id: room.id }, data: { planShell: true } });
    const stored = await createRun(prisma, { ...room, agentId: agent.id }, "look around");

    const stopPresence = await startPresence(prisma, { userId: owner.id, workspaceId: workspace.id });
    const first = await advanceStoredRun(db, stored.id, { owner: "trace-test" });
    await stopPresence();
    expect(first).toMatchObject({ status: "waiting" });
    const approval = await prisma.approval.findFirstOrThrow({ where: { runId: stored.id, kind: "tool_call", status: "pending" } });
    await decideApproval(prisma, { workspaceId: workspace.id, approvalId: approval.id, userId: owner.id, decision: "approve" });
    const second = await advanceStoredRun(db, stored.id, { owner: "trace-test" });
    expect(second?.status).toBe("succeeded");

    const spans = await spansOf([stored.id]);
    const agents = spans.filter((s) => s.name === `invoke_agent ${agent.name}`);
    // One invoke_agent span per advance: the one that parked for the person, and the one that resumed.
    expect(agents).toHaveLength(2);
    for (const span of agents) {
      expect(span.attributes).toMatchObject({ "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": agent.name, "gatehouse.mode.id": "plan", "gatehouse.run.id": stored.id });
    }
    const [parked, resumed] = agents;
    expect(parked!.attributes["gatehouse.run.status"]).toBe("waiting");
    expect(resumed!.attributes["gatehouse.run.status"]).toBe("succeeded");

    const chats = spans.filter((s) => s.attributes["gen_ai.operation.name"] === "chat");
    expect(chats.length).toBeGreaterThanOrEqual(2);
    for (const chat of chats) {
      expect(chat.name).toBe(`chat ${chat.attributes["gen_ai.request.model"]}`);
      expect(agents.map((a) => a.spanId)).toContain(chat.parentSpanId);
      expect(typeof chat.attributes["gen_ai.usage.input_tokens"]).toBe("number");
      expect(typeof chat.attributes["gen_ai.usage.output_tokens"]).toBe("number");
    }

    const run = await prisma.run.findUniqueOrThrow({ where: { id: stored.id }, select: { fingerprint: true } });
    const refused = spans.find((s) => s.name === "execute_tool write_file")!;
    expect(refused.parentSpanId).toBe(parked!.spanId);
    expect(refused.attributes).toMatchObject({ "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "write_file", "gatehouse.gate.decision": "deny", "gatehouse.tool.status": "error" });
    expect(refused.attributes["gatehouse.gate.rule"]).toEqual(expect.any(String));
    expect(typeof refused.attributes["gen_ai.tool.call.id"]).toBe("string");
    if (run.fingerprint) expect(refused.attributes["gatehouse.capability.fingerprint"]).toBe(run.fingerprint);
    else expect(refused.attributes["gatehouse.capability.fingerprint"]).toEqual(expect.any(String));

    const asked = spans.filter((s) => s.name === "execute_tool run_command");
    const hasEvent = (span: ReceivedSpan, name: string) => span.events.some((e) => e.name === name);
    // Asked for under the first advance (it waits), run under the second once a person approved.
    const waiting = asked.find((s) => hasEvent(s, "gatehouse.approval.requested"))!;
    const approved = asked.find((s) => hasEvent(s, "gatehouse.approval.decided"))!;
    expect(waiting.parentSpanId).toBe(parked!.spanId);
    expect(approved.parentSpanId).toBe(resumed!.spanId);
    expect(waiting.attributes).toMatchObject({ "gatehouse.gate.decision": "confirm", "gatehouse.gate.rule": "G3", "gatehouse.tool.status": "waiting" });
    expect(waiting.events).toEqual([{ name: "gatehouse.approval.requested", attributes: { "gatehouse.approval.id": approval.id } }]);
    expect(approved.events).toEqual([{ name: "gatehouse.approval.decided", attributes: { "gatehouse.approval.status": "approved" } }]);
    expect(approved.attributes).toMatchObject({ "gatehouse.gate.decision": "confirm", "gatehouse.tool.status": "ok", "gen_ai.tool.call.id": waiting.attributes["gen_ai.tool.call.id"] });
    // Every span of the run is in one trace per advance, and nothing reached the receiver it could not read.
    expect(new Set([parked, ...spans.filter((s) => s.parentSpanId === parked!.spanId)].map((s) => s!.traceId)).size).toBe(1);
    expect(receiver.rejected).toBe(0);
  });

  it("issue 23: a webhook delivery → review → publish is one trace: the jobs it queues, the review run that forms the verdict and the job that publishes it to GitHub", async () => {
    const db = await testDatabase();
    const { prisma } = db;
    const data = await useDataDir();
    const allowed = process.env.GATEHOUSE_ALLOWED_GIT_HOSTS;
    const githubEnv = { url: process.env.GATEHOUSE_GITHUB_API_URL, retry: process.env.GATEHOUSE_GITHUB_RETRY_MS };
    // The verdict is published by the real publish code and Octokit to a GitHub API on loopback.
    const api = await startGithubApi();
    process.env.GATEHOUSE_GITHUB_API_URL = api.url;
    process.env.GATEHOUSE_GITHUB_RETRY_MS = "60";
    (globalThis as { gatehouseDb?: Promise<Database> }).gatehouseDb = Promise.resolve(db);
    const upstream = await makeRepo(data.root, "upstream", { "src/app.ts": "export const a = 1;\n" });
    const mainSha = sha(upstream, "main");
    const remote = path.join(data.root, "served", "remote.git");
    gitSync(data.root, ["clone", "-q", "--bare", upstream, remote]);
    const server = await serveGitOverHttp(path.join(data.root, "served"));
    process.env.GATEHOUSE_ALLOWED_GIT_HOSTS = server.hostPort;
    checkout(upstream, "feature", true);
    const featureSha = await commitFiles(upstream, { "src/app.ts": "export const a = 2;\nconsole.log(a);\n" }, "feature");
    gitSync(upstream, ["push", "-q", remote, "feature"]);
    const token = newToken();
    api.addRepository("acme/traced", token);
    api.addCommit("acme/traced", featureSha);
    const worker = await startWorker({ db, handlers: jobHandlers(db, { owner: "trace-webhook" }), pollMs: 50 });
    try {
      const workspace = await createWorkspace(prisma);
      const local = path.join(data.root, "clone");
      gitSync(data.root, ["clone", "-q", remote, local]);
      const secret = "trace-webhook-secret";
      const repository = await prisma.repository.create({
        data: { workspaceId: workspace.id, name: "widgets", path: local, remoteUrl: `${server.origin}/remote.git`, githubFullName: "acme/traced", githubToken: token, webhookSecret: secret },
      });
      const body = JSON.stringify({
        action: "opened",
        number: 12,
        pull_request: { title: "Feature", draft: false, head: { ref: "feature", sha: featureSha }, base: { ref: "main", sha: mainSha }, user: { login: "octocat" } },
        repository: { full_name: "acme/traced", private: false },
        sender: { login: "octocat" },
      });
      const delivery = randomUUID();
      const answer = await POST(
        new Request("http://localhost/api/webhooks/github", {
          method: "POST",
          headers: { "content-type": "application/json", "x-github-event": "pull_request", "x-github-delivery": delivery, "x-hub-signature-256": signPayload(body, secret) },
          body,
        }),
      );
      expect(answer.status).toBe(202);

      const review = await waitFor("the review's verdict", () =>
        prisma.review.findFirst({ where: { pullRequest: { repositoryId: repository.id } }, select: { id: true, runId: true, verdict: true } }),
      );
      // The verdict is on GitHub: the Gatehouse check run at the head completed, and the publication says so.
      await waitFor("the verdict published to GitHub", () =>
        prisma.forgePublication.findFirst({ where: { pullRequest: { repositoryId: repository.id }, status: "published", reviewId: review.id } }),
      );
      const checkRun = api.checkRuns.find((r) => r.repo === "acme/traced" && r.head_sha === featureSha)!;
      expect(checkRun).toMatchObject({ name: "Gatehouse", status: "completed" });
      expect(checkRun.conclusion).toEqual(expect.any(String));
      expect(api.requests.filter((r) => r.path.startsWith("/repos/acme/traced/check-runs")).every((r) => r.headers.authorization === `token ${token}`)).toBe(true);
      // The run's own spans and the publish job's end a moment after what they stored.
      const runDone = Date.now() + 60_000;
      while ((await prisma.run.count({ where: { id: review.runId!, status: { in: ["queued", "running"] } } })) > 0 && Date.now() < runDone) await new Promise((r) => setTimeout(r, 200));
      await waitFor("the publish jobs to finish", async () => (await prisma.job.count({ where: { kind: "review.publish", status: { in: ["queued", "running"] } } })) === 0);
      await new Promise((r) => setTimeout(r, 500));
      await telemetry.flush();

      const root = receiver.spans.find((s) => s.name === "webhook pull_request" && s.attributes["gatehouse.webhook.delivery"] === delivery)!;
      expect(root).toBeTruthy();
      expect(root.parentSpanId).toBeNull();
      expect(root.attributes["gatehouse.webhook.status"]).toBe("queued");
      const trace = receiver.spans.filter((s) => s.traceId === root.traceId);
      const names = trace.map((s) => s.name);
      // The delivery's job, the review run it started (its model calls and tool calls), all under the delivery.
      expect(names).toEqual(expect.arrayContaining(["process review.github_pull", "process run.advance"]));
      const agentSpan = trace.find((s) => s.name.startsWith("invoke_agent ") && s.attributes["gatehouse.run.id"] === review!.runId)!;
      expect(agentSpan).toBeTruthy();
      expect(agentSpan.attributes).toMatchObject({ "gen_ai.operation.name": "invoke_agent", "gatehouse.mode.id": "review" });
      expect(trace.some((s) => s.name === "execute_tool finalize_review" && s.parentSpanId === agentSpan.spanId)).toBe(true);
      const sync = trace.find((s) => s.name === "process review.github_pull")!;
      expect(sync.parentSpanId).toBe(root.spanId);

      // Every publish job (the check run in progress when the pull arrived, the verdict once formed) is in the delivery's trace, under it.
      const publishes = receiver.spans.filter((s) => s.name === "process review.publish" && s.attributes["messaging.destination.name"] === "review.publish");
      const ours = publishes.filter((s) => s.traceId === root.traceId);
      expect(ours.length).toBeGreaterThanOrEqual(1);
      const byId = new Map(trace.map((s) => [s.spanId, s]));
      const underRoot = (span: ReceivedSpan) => {
        for (let at: ReceivedSpan | undefined = span; at; at = at.parentSpanId ? byId.get(at.parentSpanId) : undefined) if (at.spanId === root.spanId) return true;
        return false;
      };
      for (const span of ours) expect(underRoot(span)).toBe(true);
      // The publish of the verdict runs after the review run stored it: it descends from the run's advance.
      const advances = new Set(trace.filter((s) => s.name === "process run.advance").map((s) => s.spanId));
      const descendsFromAdvance = (span: ReceivedSpan) => {
        for (let at = span.parentSpanId ? byId.get(span.parentSpanId) : undefined; at; at = at.parentSpanId ? byId.get(at.parentSpanId) : undefined) if (advances.has(at.spanId)) return true;
        return false;
      };
      expect(ours.some(descendsFromAdvance)).toBe(true);
      // No publish job of this test's pull ran outside the trace.
      const jobs = await prisma.job.findMany({ where: { kind: "review.publish" }, select: { id: true } });
      const jobIds = new Set(jobs.map((j) => j.id.toString()));
      const mine = publishes.filter((s) => jobIds.has(String(s.attributes["gatehouse.job.id"])));
      expect(mine.length).toBeGreaterThanOrEqual(1);
      expect(mine.every((s) => s.traceId === root.traceId)).toBe(true);
      // Each call the publish made to GitHub is an HTTP client span under its publish job: the check run written is in the trace.
      const calls = trace.filter((s) => s.attributes["http.request.method"] !== undefined && ours.some((p) => p.spanId === s.parentSpanId));
      const written = calls.filter((s) => ["POST", "PATCH"].includes(String(s.attributes["http.request.method"])) && String(s.attributes["url.full"]).startsWith(`${api.url}/repos/acme/traced/check-runs`));
      expect(written.length).toBeGreaterThanOrEqual(1);
      for (const call of written) {
        expect(call.name).toBe(call.attributes["http.request.method"]);
        expect(call.kind).toBe(3); // SPAN_KIND_CLIENT
        expect(call.attributes["http.response.status_code"]).toBeLessThan(300);
        // Where the request went, never its query string (nor the token, which travels in a header).
        expect(String(call.attributes["url.full"])).not.toContain("?");
      }
      expect(calls.length).toBe(api.requests.filter((r) => r.path.startsWith("/repos/acme/traced/")).length);
      expect(JSON.stringify(trace)).not.toContain(token);
    } finally {
      await worker.stop();
      for (const [name, value] of [["GATEHOUSE_GITHUB_API_URL", githubEnv.url], ["GATEHOUSE_GITHUB_RETRY_MS", githubEnv.retry]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      await api.close();
      delete (globalThis as { gatehouseDb?: unknown }).gatehouseDb;
      if (allowed === undefined) delete process.env.GATEHOUSE_ALLOWED_GIT_HOSTS;
      else process.env.GATEHOUSE_ALLOWED_GIT_HOSTS = allowed;
      await server.close();
      await data.cleanup();
    }
  });
});
