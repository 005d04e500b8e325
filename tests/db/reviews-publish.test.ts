/**
 * R12 on PostgreSQL with real git: verdicts and findings published back to
 * GitHub from the queue, by the real Octokit client, against a local server
 * that speaks GitHub's REST API (tests/support/github-api-server.ts) and
 * checks tokens and payloads as GitHub does.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as publishRoute from "../../app/api/workspaces/[workspace]/pulls/[pullId]/publish/route";
import * as pullRoute from "../../app/api/workspaces/[workspace]/pulls/[pullId]/route";
import * as repositoriesRoute from "../../app/api/workspaces/[workspace]/repositories/route";
import * as githubSettingsRoute from "../../app/api/workspaces/[workspace]/repositories/[repositoryId]/github/route";
import * as webhook from "../../app/api/webhooks/github/route";
import type { Database } from "../../lib/db/client";
import { signPayload } from "../../lib/github/verify-signature";
import { requestPublish } from "../../lib/github/request-publish";
import { getPullRequest } from "../../lib/pulls/get-pull-request";
import { changeFindingStatus } from "../../lib/reviews/change-finding-status";
import { recordAxisResult } from "../../lib/reviews/record-axis-result";
import { reformAtHead } from "../../lib/reviews/reform-at-head";
import { testDatabase } from "../support/db";
import { sessionCookie } from "../support/factories";
import { startGithubApi, type GithubApi } from "../support/github-api-server";
import { connectPull, newToken, publishEvents, pushTo, runPublishing, SOURCE } from "../support/publishing";
import { useDataDir } from "../support/reviews";

const ORIGIN = "http://gatehouse.test";
const ENV = ["GATEHOUSE_GITHUB_API_URL", "GATEHOUSE_GITHUB_RETRY_MS", "GATEHOUSE_GITHUB_PUBLISH_ATTEMPTS", "NEXTAUTH_URL"] as const;

let data: Awaited<ReturnType<typeof useDataDir>>;
let db: Database;
let api: GithubApi;
const saved: Partial<Record<(typeof ENV)[number], string | undefined>> = {};

beforeAll(async () => {
  data = await useDataDir();
  db = await testDatabase();
  (globalThis as { gatehouseDb?: Promise<Database> }).gatehouseDb = Promise.resolve(db);
  api = await startGithubApi();
  for (const name of ENV) saved[name] = process.env[name];
  process.env.GATEHOUSE_GITHUB_API_URL = api.url;
  process.env.GATEHOUSE_GITHUB_RETRY_MS = "60";
  process.env.GATEHOUSE_GITHUB_PUBLISH_ATTEMPTS = "4";
  process.env.NEXTAUTH_URL = ORIGIN;
});
afterAll(async () => {
  delete (globalThis as { gatehouseDb?: unknown }).gatehouseDb;
  for (const name of ENV) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await api.close();
  await data.cleanup();
});

const finding = (over: Record<string, unknown> = {}) => ({
  kind: "bug",
  priority: "P1",
  confidence: 0.9,
  title: "Magic number",
  body: "33 looks like a typo for 3.",
  anchor: { file: "src/a.ts", startLine: 4, endLine: 4 },
  ...over,
});

/**
 * A pull request's check runs at a head. By repository too: fixture commits made
 * in the same second by another test's repository have the very same SHA.
 */
const runsFor = (c: { fullName: string; headSha: string }, head = c.headSha) => api.checkRuns.filter((r) => r.repo === c.fullName && r.head_sha === head);
const roomUrl = (c: { workspace: { slug: string }; pull: { id: string } }) => `${ORIGIN}/w/${c.workspace.slug}/pulls/${c.pull.id}`;

async function as(userId: string) {
  const { cookie } = await sessionCookie(db.prisma, userId);
  return async (handler: unknown, params: Record<string, string>, init: { method?: string; body?: unknown } = {}) => {
    const req = new Request("http://localhost/api/x", {
      method: init.method ?? "GET",
      headers: { cookie, "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const res = await (handler as (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>)(req, { params: Promise.resolve(params) });
    const text = await res.text();
    return { status: res.status, text, json: (text ? JSON.parse(text) : null) as Record<string, any> };
  };
}

describe("publishing to GitHub", { timeout: 240_000 }, () => {
  it("R12: ship, hold and block publish success, neutral and failure check runs named Gatehouse; the summary is the verdict's explanation with a link to the room", async () => {
    const { prisma } = db;
    const cases = [
      { findings: [], verdict: "ship", conclusion: "success", says: /No open P0 or P1 finding/ },
      { findings: [finding()], verdict: "hold", conclusion: "neutral", says: /P1 'Magic number'/ },
      { findings: [finding({ priority: "P0", title: "Breaks the build" })], verdict: "block", conclusion: "failure", says: /P0 'Breaks the build'/ },
    ];
    for (const expected of cases) {
      const c = await connectPull(prisma, api, data.root);
      // Before a verdict exists the check is in progress: a review that has not run never reads green.
      await runPublishing(db);
      expect(runsFor(c)).toMatchObject([{ name: "Gatehouse", status: "in_progress", conclusion: null, external_id: `gatehouse:${c.pull.id}` }]);

      for (const f of expected.findings) await c.services.addNode(f);
      expect((await c.services.finalize({ summary: "Reviewed the change to v3." })).verdict).toBe(expected.verdict);
      await runPublishing(db);
      const runs = runsFor(c);
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ name: "Gatehouse", status: "completed", conclusion: expected.conclusion, details_url: roomUrl(c) });
      expect(runs[0]!.output.summary).toMatch(expected.says);
      expect(runs[0]!.output.summary).toContain(`[Open the review in Gatehouse](${roomUrl(c)})`);
      expect(runs[0]!.output.text).toContain("Reviewed the change to v3.");
      // The token went to GitHub as GitHub expects it, on every call for this repository.
      const calls = api.requests.filter((r) => r.path.includes(c.fullName));
      expect(calls.every((r) => r.headers.authorization === `token ${c.token}`)).toBe(true);

      const detail = await getPullRequest(prisma, c.workspace.id, c.pull.id);
      expect(detail.publication).toMatchObject({ connected: true, state: { status: "published", current: true, conclusion: expected.conclusion, checkRunUrl: runs[0]!.html_url } });
      expect((await publishEvents(prisma, c.roomId)).at(-1)).toMatchObject({ type: "publish.published", data: { conclusion: expected.conclusion, checkRunUrl: runs[0]!.html_url } });
    }
  });

  it("R12, R8: a verdict formed before the gated axes ran completes no check run: it stays in progress, naming the axes it waits for, until every gated axis of the head has a result", { timeout: 300_000 }, async () => {
    const { prisma } = db;
    const axes = { axes: [{ name: "tests", command: "true", gated: true }, { name: "lint", command: "true", gated: false }] };
    const c = await connectPull(prisma, api, data.root, { baseFiles: { "gatehouse.axes.json": JSON.stringify(axes) } });
    // The reviewer finished first: the verdict so far is a hold for the missing gated axis.
    expect((await c.services.finalize({ summary: "Reviewed the change to v3." })).verdict).toBe("hold");
    await runPublishing(db);
    const [waiting] = runsFor(c);
    expect(waiting).toMatchObject({ name: "Gatehouse", status: "in_progress", conclusion: null });
    expect(waiting!.output.title).toBe("Waiting for gated axis: tests");
    expect(waiting!.output.summary).toMatch(/So far: \*\*Hold\*\*/);
    const sent = () => api.requests.filter((r) => r.path.startsWith(`/repos/${c.fullName}/check-runs`) && r.method !== "GET").map((r) => r.body as { conclusion?: string; status?: string });
    expect(sent().every((body) => body.conclusion === undefined && body.status === "in_progress")).toBe(true);
    expect((await getPullRequest(prisma, c.workspace.id, c.pull.id)).publication.state).toMatchObject({ status: "published", conclusion: null });

    // A non-gated axis reporting changes nothing; the gated one's result completes the check.
    const result = (axis: string, gated: boolean) => recordAxisResult(prisma, { repositoryId: c.repository.id, headSha: c.headSha, axis, gated, source: "sandbox", status: "pass", detail: "exit 0" });
    await result("lint", false);
    await reformAtHead(prisma, { repositoryId: c.repository.id, headSha: c.headSha, trigger: "axes", axes: ["lint"] });
    await runPublishing(db);
    expect(runsFor(c)).toMatchObject([{ status: "in_progress", conclusion: null }]);
    await result("tests", true);
    await reformAtHead(prisma, { repositoryId: c.repository.id, headSha: c.headSha, trigger: "axes", axes: ["tests"] });
    await runPublishing(db);
    expect(runsFor(c)).toMatchObject([{ id: waiting!.id, status: "completed", conclusion: "success" }]);
  });

  it("R12: an incomplete review publishes neutral naming what it did not read, never success", async () => {
    const { prisma } = db;
    const c = await connectPull(prisma, api, data.root);
    const published = await c.services.finalize({ coverage: { complete: false, unread: [{ path: "assets/logo.png", reason: "binary" }] } });
    expect(published.verdict).toBe("hold");
    await runPublishing(db);
    const [run] = runsFor(c);
    expect(run).toMatchObject({ status: "completed", conclusion: "neutral" });
    expect(run!.output.title).toMatch(/^Hold: The review did not read assets\/logo\.png \(binary\)/);
    expect(run!.output.text).toContain("assets/logo.png (binary)");
  });

  it("R12: a re-review updates the check run and the review comments instead of adding new ones; a dismissed finding's comment says so", async () => {
    const { prisma } = db;
    const c = await connectPull(prisma, api, data.root, { comments: true });
    const first = (await c.services.addNode(finding())) as { findingId: string };
    // Line 20 is not part of the diff: GitHub refuses the anchor (422), which is recorded, not retried.
    await c.services.addNode(finding({ priority: "P2", title: "Far away", anchor: { file: "src/a.ts", startLine: 20, endLine: 20 } }));
    await c.services.finalize({});
    await runPublishing(db);
    expect(runsFor(c)).toHaveLength(1);
    const runId = runsFor(c)[0]!.id;
    const posted = api.comments.filter((x) => x.repo === c.fullName);
    expect(posted).toMatchObject([{ path: "src/a.ts", line: 4, side: "RIGHT", commit_id: c.headSha, pull_number: c.number }]);
    expect(posted[0]!.body).toMatch(/\*\*P1 bug\*\* · Magic number/);
    expect(await prisma.forgeComment.findMany({ where: { pullRequestId: c.pull.id } })).toEqual(
      expect.arrayContaining([expect.objectContaining({ state: "refused", commentId: null }), expect.objectContaining({ state: "open", commentId: BigInt(posted[0]!.id) })]),
    );

    // Re-review at the same head with one more finding: same check run, the first comment is not posted again.
    await c.services.addNode(finding({ title: "Unused export", anchor: { file: "src/a.ts", startLine: 2, endLine: 3 } }));
    await c.services.finalize({});
    await runPublishing(db);
    expect(runsFor(c).map((r) => r.id)).toEqual([runId]);
    const after = api.comments.filter((x) => x.repo === c.fullName);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({ start_line: 2, line: 3 });
    const refusedTries = api.requests.filter((r) => r.method === "POST" && r.path.endsWith(`/pulls/${c.number}/comments`) && JSON.stringify(r.body).includes('"line":20'));
    expect(refusedTries).toHaveLength(1);

    // Dismissed: its comment is edited to say so (not deleted, not posted again).
    await changeFindingStatus(prisma, c.actor, { pullRequestId: c.pull.id, findingId: first.findingId }, { action: "dismiss", reason: "the constant is intended" });
    await runPublishing(db);
    const edited = api.comments.find((x) => x.id === posted[0]!.id)!;
    expect(edited.body).toMatch(/^~~\*\*P1 bug\*\* · Magic number~~/);
    expect(edited.body).toContain("**Dismissed in Gatehouse**: the constant is intended");
    expect(api.comments.filter((x) => x.repo === c.fullName)).toHaveLength(2);
    expect(runsFor(c)).toHaveLength(1);

    // A publish that died after GitHub created things but before their ids were stored finds them again.
    await prisma.forgePublication.update({ where: { pullRequestId: c.pull.id }, data: { checkRunId: null, headSha: null } });
    await prisma.forgeComment.deleteMany({ where: { pullRequestId: c.pull.id } });
    await prisma.$transaction((tx) => requestPublish(tx, c.pull.id));
    await runPublishing(db);
    expect(runsFor(c).map((r) => r.id)).toEqual([runId]);
    expect(api.comments.filter((x) => x.repo === c.fullName)).toHaveLength(2);
  });

  it("R12: a verdict for an older head never overwrites the current head's check", async () => {
    const { prisma } = db;
    const c = await connectPull(prisma, api, data.root);
    await c.services.addNode(finding({ priority: "P0", title: "Breaks the build" }));
    await c.services.finalize({});
    await runPublishing(db);
    expect(runsFor(c)).toMatchObject([{ conclusion: "failure" }]);

    const newHead = await pushTo(prisma, api, c, { "src/a.ts": SOURCE });
    await runPublishing(db);
    // The new head has its own check, in progress until its own verdict.
    expect(runsFor(c, newHead)).toMatchObject([{ name: "Gatehouse", status: "in_progress", conclusion: null }]);
    const list = await prisma.finding.findMany({ where: { pullRequestId: c.pull.id } });
    for (const f of list) await changeFindingStatus(prisma, c.actor, { pullRequestId: c.pull.id, findingId: f.id }, { action: "resolve", reason: "fixed in the push" });
    expect((await c.services.finalize({})).verdict).toBe("ship");
    await runPublishing(db);
    expect(runsFor(c, newHead)).toMatchObject([{ status: "completed", conclusion: "success" }]);
    const currentId = runsFor(c, newHead)[0]!.id;

    // A slow reviewer's verdict for the old head lands afterwards, and a publish runs.
    const patchesBefore = api.requests.filter((r) => r.method === "PATCH" && r.path.endsWith(`/check-runs/${currentId}`)).length;
    await prisma.review.create({ data: { pullRequestId: c.pull.id, roomId: c.roomId, headSha: c.headSha, verdict: "block", explanation: { rules: [{ rule: "R5.finding.P0", effect: "block", text: "late" }] } } });
    await prisma.$transaction((tx) => requestPublish(tx, c.pull.id));
    await runPublishing(db);
    expect(runsFor(c, newHead)).toMatchObject([{ status: "completed", conclusion: "success" }]);
    const patches = api.requests.filter((r) => r.method === "PATCH" && r.path.endsWith(`/check-runs/${currentId}`)).slice(patchesBefore);
    expect(patches.every((p) => (p.body as { conclusion?: string }).conclusion === "success")).toBe(true);
    expect(runsFor(c)).toMatchObject([{ conclusion: "failure" }]);
  });

  it("R12: 5xx and a secondary rate limit are retried with exponential backoff (retry-after respected), then the publish succeeds once", async () => {
    const { prisma } = db;
    const c = await connectPull(prisma, api, data.root);
    await c.services.finalize({});
    await prisma.job.deleteMany({});
    const mine = (_method: string, path: string) => path.includes(c.fullName);
    api.failNext(1, { status: 502, body: { message: "Bad Gateway" } }, mine);
    api.failNext(1, { status: 403, headers: { "retry-after": "1" }, body: { message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again." } }, mine);
    api.failNext(1, { status: 500, body: { message: "Server Error" } }, mine);
    await prisma.$transaction((tx) => requestPublish(tx, c.pull.id));
    const started = api.requests.length;
    await runPublishing(db);

    const tries = api.requests.slice(started).filter((r) => r.path.includes(c.fullName));
    // Three failed first calls, then the successful publish (find, then create).
    const gaps = [tries[1]!.at - tries[0]!.at, tries[2]!.at - tries[1]!.at, tries[3]!.at - tries[2]!.at];
    expect(gaps[0]).toBeGreaterThanOrEqual(60);
    expect(gaps[1]).toBeGreaterThanOrEqual(1_000);
    expect(gaps[2]).toBeGreaterThanOrEqual(240);
    expect(runsFor(c)).toMatchObject([{ status: "completed", conclusion: "success" }]);
    const events = await publishEvents(prisma, c.roomId);
    const retries = events.filter((e) => e.type === "publish.pending" && (e.data.attempt as number) > 0);
    expect(retries.map((e) => e.data.attempt)).toEqual([1, 2, 3]);
    expect(retries.map((e) => e.data.reason)).toEqual([
      expect.stringMatching(/GitHub answered 502/),
      expect.stringMatching(/rate limit \(403\)/),
      expect.stringMatching(/GitHub answered 500/),
    ]);
    expect(events.at(-1)).toMatchObject({ type: "publish.published", data: { conclusion: "success" } });
    expect(await prisma.forgePublication.findUniqueOrThrow({ where: { pullRequestId: c.pull.id } })).toMatchObject({ status: "published", attempts: 0, error: null });
  });

  it("R12: a publish that keeps failing gives up after the last try and shows why; a person's retry publishes it", async () => {
    const { prisma } = db;
    const c = await connectPull(prisma, api, data.root);
    await c.services.finalize({});
    await prisma.job.deleteMany({});
    api.failNext(4, { status: 503, body: { message: "Service Unavailable" } }, (_m, path) => path.includes(c.fullName));
    await prisma.$transaction((tx) => requestPublish(tx, c.pull.id));
    await runPublishing(db);
    expect(runsFor(c)).toHaveLength(0);
    const detail = await getPullRequest(prisma, c.workspace.id, c.pull.id);
    expect(detail.publication.state).toMatchObject({ status: "failed", attempts: 4, error: expect.stringMatching(/GitHub answered 503/) });
    expect((await publishEvents(prisma, c.roomId)).at(-1)).toMatchObject({ type: "publish.failed", data: { attempts: 4, reason: expect.stringMatching(/503/) } });

    const call = await as(c.owner.id);
    const retried = await call(publishRoute.POST, { workspace: c.workspace.slug, pullId: c.pull.id }, { method: "POST" });
    expect(retried.status).toBe(202);
    expect(retried.json.publication).toMatchObject({ status: "pending", attempts: 0 });
    await runPublishing(db);
    expect(runsFor(c)).toMatchObject([{ conclusion: "success" }]);
    const read = await call(pullRoute.GET, { workspace: c.workspace.slug, pullId: c.pull.id });
    expect(read.json.publication).toMatchObject({ connected: true, state: { status: "published", conclusion: "success" } });

    // A refused token is not retried: it fails at once, saying what to fix.
    await prisma.repository.update({ where: { id: c.repository.id }, data: { githubToken: newToken() } });
    await pushTo(prisma, api, c, { "src/b.ts": "export const b = 1;\n" });
    await runPublishing(db);
    expect(await prisma.forgePublication.findUniqueOrThrow({ where: { pullRequestId: c.pull.id } })).toMatchObject({
      status: "failed",
      attempts: 1,
      error: expect.stringMatching(/refused the repository's token \(401\)/),
    });
  });

  it("R12: GitHub delivering Gatehouse's own check run back is not evidence for the next verdict", async () => {
    const { prisma } = db;
    const c = await connectPull(prisma, api, data.root);
    const secret = "webhook-secret-for-publishing-tests";
    await prisma.repository.update({ where: { id: c.repository.id }, data: { webhookSecret: secret } });
    const body = JSON.stringify({
      action: "completed",
      check_run: { name: "Gatehouse", head_sha: c.headSha, status: "completed", conclusion: "neutral", details_url: roomUrl(c) },
      repository: { full_name: c.fullName },
    });
    const answer = await webhook.POST(
      new Request("http://localhost/api/webhooks/github", {
        method: "POST",
        headers: { "content-type": "application/json", "x-github-event": "check_run", "x-github-delivery": `d-${c.pull.id}`, "x-hub-signature-256": signPayload(body, secret) },
        body,
      }),
    );
    expect(answer.status).toBeLessThan(300);
    expect(await prisma.job.count({ where: { kind: "review.check_run" } })).toBe(0);
    expect(await prisma.axisResult.count({ where: { repositoryId: c.repository.id } })).toBe(0);
  });

  it("R12, H4: the token never appears in events, jobs, logs or API responses", async () => {
    const { prisma } = db;
    const logged: string[] = [];
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" "))),
    );
    try {
      const c = await connectPull(prisma, api, data.root, { comments: true });
      await c.services.addNode(finding());
      await c.services.finalize({});
      await runPublishing(db);
      // A failing token too: its refusal is reported without GitHub's answer.
      const other = await connectPull(prisma, api, data.root);
      await prisma.repository.update({ where: { id: other.repository.id }, data: { githubToken: newToken() } });
      const badToken = (await prisma.repository.findUniqueOrThrow({ where: { id: other.repository.id } })).githubToken!;
      await other.services.finalize({});
      await runPublishing(db);

      const call = await as(c.owner.id);
      const responses = [
        await call(repositoriesRoute.GET, { workspace: c.workspace.slug }),
        await call(pullRoute.GET, { workspace: c.workspace.slug, pullId: c.pull.id }),
        await call(githubSettingsRoute.PATCH, { workspace: c.workspace.slug, repositoryId: c.repository.id }, { method: "PATCH", body: { publishComments: true } }),
        await call(githubSettingsRoute.PATCH, { workspace: c.workspace.slug, repositoryId: c.repository.id }, { method: "PATCH", body: { token: c.token } }),
        await call(publishRoute.POST, { workspace: c.workspace.slug, pullId: c.pull.id }, { method: "POST" }),
      ];
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 202]);
      expect(responses[0]!.json.repositories[0].githubToken).toEqual({ set: true, last4: c.token!.slice(-4) });

      const stored = JSON.stringify({
        events: await prisma.runEvent.findMany({ select: { data: true } }),
        jobs: await prisma.job.findMany({ select: { payload: true, lastError: true } }),
        publications: await prisma.forgePublication.findMany({ select: { error: true } }),
        audit: await prisma.auditEvent.findMany({ select: { data: true } }),
      }, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
      for (const token of [c.token, other.token, badToken]) {
        expect(stored).not.toContain(token);
        expect(logged.join("\n")).not.toContain(token);
        for (const r of responses) expect(r.text).not.toContain(token);
      }
      expect(stored).toContain("refused the repository's token (401)");
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});
