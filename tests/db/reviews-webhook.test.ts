/**
 * R9 over HTTP semantics: the GitHub webhook route handler, called
 * with real Requests carrying the raw body and headers, against PostgreSQL and
 * a bare repository served over real HTTP (`git http-backend` on 127.0.0.1,
 * allowed by the operator setting GATEHOUSE_ALLOWED_GIT_HOSTS) standing in for GitHub.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "../../app/api/webhooks/github/route";
import type { Database } from "../../lib/db/client";
import type { PrismaClient } from "../../lib/db/generated/client";
import { serveGitOverHttp, type GitHttpServer } from "../../lib/repos/git-http.test-support";
import { gitSync } from "../../lib/repos/git.test-support";
import { mirrorPath } from "../../lib/repos/mirror-paths";
import { signPayload } from "../../lib/github/verify-signature";
import { addPersonFinding } from "../../lib/reviews/add-person-finding";
import examples from "@octokit/webhooks-examples/api.github.com/index.json";
import { testDatabase } from "../support/db";
import { createUser, createWorkspace } from "../support/factories";
import { startGithubApi, type GithubApi } from "../support/github-api-server";
import { pullDelivery } from "../support/github-deliveries";
import { newToken } from "../support/publishing";
import { checkout, commitFiles, drainJobs, makeRepo, sha, useDataDir } from "../support/reviews";

const SECRET = "webhook-secret-for-workspace-a";
const OTHER_SECRET = "webhook-secret-for-workspace-b";

let data: Awaited<ReturnType<typeof useDataDir>>;
let db: Database;
let upstream: string;
let remote: string;
let remoteUrl: string;
let server: GitHttpServer;
let allowedHosts: string | undefined;
let featureSha: string;
let mainSha: string;
let api: GithubApi;
let apiUrl: string | undefined;

beforeAll(async () => {
  data = await useDataDir();
  db = await testDatabase();
  // The route opens the process-wide database; hand it this test's handle.
  (globalThis as { gatehouseDb?: Promise<Database> }).gatehouseDb = Promise.resolve(db);
  upstream = await makeRepo(data.root, "upstream", { "src/app.ts": "export const a = 1;\n" });
  mainSha = sha(upstream, "main");
  remote = path.join(data.root, "served", "remote.git");
  gitSync(data.root, ["clone", "-q", "--bare", upstream, remote]);
  server = await serveGitOverHttp(path.join(data.root, "served"));
  remoteUrl = `${server.origin}/remote.git`;
  allowedHosts = process.env.GATEHOUSE_ALLOWED_GIT_HOSTS;
  process.env.GATEHOUSE_ALLOWED_GIT_HOSTS = server.hostPort;
  // GitHub's API, asked when two deliveries tie on GitHub's clock (only where a repository has a credential).
  api = await startGithubApi();
  apiUrl = process.env.GATEHOUSE_GITHUB_API_URL;
  process.env.GATEHOUSE_GITHUB_API_URL = api.url;
  checkout(upstream, "feature", true);
  featureSha = await commitFiles(upstream, { "src/app.ts": "export const a = 2;\nconsole.log(a);\n" }, "feature");
  // After the Gatehouse clones below were made, so they must fetch it.
  gitSync(upstream, ["push", "-q", remote, "feature"]);
});
afterAll(async () => {
  delete (globalThis as { gatehouseDb?: unknown }).gatehouseDb;
  if (allowedHosts === undefined) delete process.env.GATEHOUSE_ALLOWED_GIT_HOSTS;
  else process.env.GATEHOUSE_ALLOWED_GIT_HOSTS = allowedHosts;
  if (apiUrl === undefined) delete process.env.GATEHOUSE_GITHUB_API_URL;
  else process.env.GATEHOUSE_GITHUB_API_URL = apiUrl;
  await api.close();
  await server.close();
  await data.cleanup();
});

/** A workspace connecting acme/widgets with its own clone and secret. */
async function connect(prisma: PrismaClient, secret: string) {
  const workspace = await createWorkspace(prisma);
  const local = path.join(data.root, `clone-${workspace.slug}`);
  gitSync(data.root, ["clone", "-q", remote, local]);
  const repository = await prisma.repository.create({
    data: { workspaceId: workspace.id, name: "widgets", path: local, remoteUrl, githubFullName: "acme/widgets", webhookSecret: secret },
  });
  return { workspace, repository, local };
}

function pullPayload(action: string, number: number, head = featureSha) {
  return JSON.stringify({
    action,
    number,
    pull_request: { title: "Feature", draft: false, head: { ref: "feature", sha: head }, base: { ref: "main", sha: mainSha }, user: { login: "octocat" } },
    repository: { full_name: "acme/widgets", private: false },
    sender: { login: "octocat" },
  });
}

function delivery(body: string, options: { event?: string; id?: string; secret?: string | null; signature?: string } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json", "x-github-event": options.event ?? "pull_request", "x-github-delivery": options.id ?? randomUUID() };
  const signature = options.signature ?? (options.secret === null ? undefined : signPayload(body, options.secret ?? SECRET));
  if (signature) headers["x-hub-signature-256"] = signature;
  return POST(new Request("http://localhost/api/webhooks/github", { method: "POST", headers, body }));
}

async function counts(prisma: PrismaClient) {
  return { deliveries: await prisma.webhookDelivery.count(), jobs: await prisma.job.count(), pulls: await prisma.pullRequest.count(), rooms: await prisma.room.count() };
}

describe("GitHub webhook", { timeout: 240_000 }, () => {
  it("R1: a bad or missing signature gets 401 and writes nothing (no room, no job, no delivery)", async () => {
    const { prisma } = db;
    await connect(prisma, SECRET);
    const before = await counts(prisma);
    const body = pullPayload("opened", 1);
    const answers = [
      await delivery(body, { secret: null }),
      await delivery(body, { secret: "not-the-secret-at-all" }),
      await delivery(body, { signature: "sha256=" + "0".repeat(64) }),
      await delivery(body, { signature: signPayload(body, SECRET).replace("sha256=", "sha1=") }),
      // Signed, then tampered with: the signature covers the raw bytes.
      await POST(new Request("http://localhost/api/webhooks/github", {
        method: "POST",
        headers: { "x-github-event": "pull_request", "x-github-delivery": randomUUID(), "x-hub-signature-256": signPayload(body, SECRET) },
        body: body.replace('"number":1', '"number":2'),
      })),
      await delivery("not json", { secret: SECRET }),
    ];
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(answers[0]!.headers.get("content-type")).toMatch(/problem\+json/);
    expect(await counts(prisma)).toEqual(before);
  });

  it("R1: a replayed webhook creates one review room, also when the replays arrive concurrently; the head is fetched from the remote", async () => {
    const { prisma } = db;
    const { repository, local } = await connect(prisma, SECRET);
    const id = randomUUID();
    const body = pullPayload("opened", 7);
    const answers = await Promise.all(Array.from({ length: 8 }, () => delivery(body, { id })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(202));
    const statuses = (await Promise.all(answers.map((a) => a.json() as Promise<{ status: string }>))).map((a) => a.status);
    expect(statuses.filter((s) => s === "queued")).toHaveLength(1);
    expect(statuses.filter((s) => s === "duplicate")).toHaveLength(7);

    const drained = await drainJobs(db, { kinds: ["review.github_pull"] });
    expect(drained.errors).toEqual([]);
    expect((await (await delivery(body, { id })).json()).status).toBe("duplicate");
    await drainJobs(db, { kinds: ["review.github_pull"] });

    const pulls = await prisma.pullRequest.findMany({ where: { repositoryId: repository.id }, include: { room: true } });
    expect(pulls).toHaveLength(1);
    expect(pulls[0]).toMatchObject({ number: 7, source: "github", headSha: featureSha, baseSha: mainSha, headRef: "feature" });
    expect(pulls[0]!.room).toMatchObject({ mode: "review" });
    expect(await prisma.room.count({ where: { repositoryId: repository.id } })).toBe(1);
    // Fetched over HTTP into Gatehouse's mirror; the workspace's own clone is left alone (H3).
    expect(server.requests()).toBeGreaterThan(0);
    expect(gitSync(mirrorPath(repository.id), ["rev-parse", "refs/gatehouse/pull/7/head"]).trim()).toBe(featureSha);
    expect(gitSync(local, ["for-each-ref", "refs/gatehouse"]).trim()).toBe("");
  });

  it("R1: several workspaces may connect the same repository: a delivery counts only where its signature verifies", async () => {
    const { prisma } = db;
    const a = await connect(prisma, SECRET);
    const b = await connect(prisma, OTHER_SECRET);
    const answer = await delivery(pullPayload("opened", 11), { secret: OTHER_SECRET });
    expect(answer.status).toBe(202);
    await drainJobs(db, { kinds: ["review.github_pull"] });
    expect(await prisma.pullRequest.count({ where: { repositoryId: b.repository.id, number: 11 } })).toBe(1);
    expect(await prisma.pullRequest.count({ where: { repositoryId: a.repository.id, number: 11 } })).toBe(0);
  });

  it("R1: synchronize moves the head and queues a re-review; unhandled actions and events are acknowledged and ignored", async () => {
    const { prisma } = db;
    const { repository } = await connect(prisma, SECRET);
    await delivery(pullPayload("opened", 21));
    await drainJobs(db, { kinds: ["review.github_pull"] });

    checkout(upstream, "feature");
    const pushed = await commitFiles(upstream, { "src/app.ts": "export const a = 3;\n" }, "fix");
    gitSync(upstream, ["push", "-q", remote, "feature"]);
    const before = await counts(prisma);
    const ignored = [await delivery(pullPayload("assigned", 21, pushed)), await delivery(pullPayload("labeled", 21, pushed)), await delivery(JSON.stringify({ zen: "hi", repository: { full_name: "acme/widgets" } }), { event: "ping" })];
    expect(ignored.map((r) => r.status)).toEqual([202, 202, 202]);
    expect((await Promise.all(ignored.map((r) => r.json()))).map((j) => j.status)).toEqual(["ignored", "ignored", "ignored"]);
    expect(await counts(prisma)).toEqual(before);

    expect((await delivery(pullPayload("synchronize", 21, pushed))).status).toBe(202);
    const drained = await drainJobs(db, { kinds: ["review.github_pull"] });
    expect(drained.errors).toEqual([]);
    const pull = await prisma.pullRequest.findFirstOrThrow({ where: { repositoryId: repository.id, number: 21 }, include: { room: true } });
    expect(pull.headSha).toBe(pushed);
    expect(await prisma.run.count({ where: { roomId: pull.room!.id, kind: "review" } })).toBe(2);
    expect(gitSync(pull.room!.worktreePath!, ["rev-parse", "HEAD"]).trim()).toBe(pushed);
  });

  it("R8: a completed check_run becomes an axis result of the head it names (source check_run, raw conclusion kept)", async () => {
    const { prisma } = db;
    const { repository } = await connect(prisma, SECRET);
    const checkRun = (conclusion: string) =>
      JSON.stringify({ action: "completed", check_run: { name: "ci / build", head_sha: featureSha, status: "completed", conclusion, details_url: "https://ci.example/9" }, repository: { full_name: "acme/widgets" } });
    expect((await delivery(checkRun("timed_out"), { event: "check_run" })).status).toBe(202);
    await drainJobs(db, { kinds: ["review.check_run"] });
    const results = await prisma.axisResult.findMany({ where: { repositoryId: repository.id } });
    expect(results).toEqual([expect.objectContaining({ axis: "ci / build", headSha: featureSha, status: "could_not_run", source: "check_run", gated: false })]);
    expect(results[0]!.detail).toMatch(/timed_out/);
  });

  it("R5: a failed check_run's own words (title, summary, text) are kept as its log; a malformed output never drops the delivery", async () => {
    const { prisma } = db;
    const { repository } = await connect(prisma, SECRET);
    const checkRun = (name: string, output: unknown) =>
      JSON.stringify({ action: "completed", check_run: { name, head_sha: featureSha, status: "completed", conclusion: "failure", output }, repository: { full_name: "acme/widgets" } });
    expect((await delivery(checkRun("ci / test", { title: "2 failed", summary: "pricing caps", text: "expected 50, received 60", annotations_count: 0 }), { event: "check_run" })).status).toBe(202);
    expect((await delivery(checkRun("ci / lint", { title: 7 }), { event: "check_run" })).status).toBe(202);
    await drainJobs(db, { kinds: ["review.check_run"] });
    const rows = await prisma.axisResult.findMany({ where: { repositoryId: repository.id }, orderBy: { axis: "asc" } });
    expect(rows.map((r) => [r.axis, r.status, r.log])).toEqual([
      ["ci / lint", "fail", null],
      ["ci / test", "fail", "2 failed\n\npricing caps\n\nexpected 50, received 60"],
    ]);
  });
});

/**
 * R9 with GitHub's own recorded payloads (@octokit/webhooks-examples): only
 * the fields that must point at this test's repository and commits are
 * replaced (repository, number, refs, commits, and updated_at where the order
 * matters); everything else is what GitHub sends.
 */
const recorded = examples as unknown as { name: string; examples: Record<string, unknown>[] }[];

function recordedPull(action: string, number: number, overrides: { head?: string; before?: string; updatedAt?: string; merged?: boolean } = {}) {
  const sample = recorded.find((e) => e.name === "pull_request")!.examples.find((e) => e.action === action);
  if (!sample) throw new Error(`no recorded pull_request.${action}`);
  const payload = structuredClone(sample) as { number: number; pull_request: Record<string, unknown> & { head: Record<string, unknown>; base: Record<string, unknown> }; repository: Record<string, unknown> };
  payload.number = number;
  payload.pull_request.number = number;
  payload.pull_request.head = { ...payload.pull_request.head, ref: "feature", sha: overrides.head ?? featureSha };
  payload.pull_request.base = { ...payload.pull_request.base, ref: "main", sha: mainSha };
  if (overrides.updatedAt) payload.pull_request.updated_at = overrides.updatedAt;
  if (overrides.merged !== undefined) payload.pull_request.merged = overrides.merged;
  if (overrides.before) Object.assign(payload, { before: overrides.before, after: overrides.head ?? featureSha });
  payload.repository = { ...payload.repository, full_name: "acme/widgets" };
  return JSON.stringify(payload);
}

function recordedEvent(name: string, index = 0): string {
  return JSON.stringify(recorded.find((e) => e.name === name)!.examples[index]);
}

describe("R9: GitHub's delivery semantics", { timeout: 240_000 }, () => {
  it("R9: one delivery id is shared by every webhook subscribed to the event: each workspace's registration gets it once", async () => {
    const { prisma } = db;
    const a = await connect(prisma, SECRET);
    const b = await connect(prisma, OTHER_SECRET);
    const id = randomUUID();
    const body = recordedPull("opened", 31);
    const first = await (await delivery(body, { id, secret: SECRET })).json();
    const second = await (await delivery(body, { id, secret: OTHER_SECRET })).json();
    const again = await (await delivery(body, { id, secret: OTHER_SECRET })).json();
    expect([first.status, second.status, again.status]).toEqual(["queued", "queued", "duplicate"]);
    expect((await drainJobs(db, { kinds: ["review.github_pull"] })).errors).toEqual([]);
    expect(await prisma.pullRequest.count({ where: { repositoryId: a.repository.id, number: 31 } })).toBe(1);
    expect(await prisma.pullRequest.count({ where: { repositoryId: b.repository.id, number: 31 } })).toBe(1);
  });

  it("R9: a late or out-of-order delivery never moves a pull request back to an older head", async () => {
    const { prisma } = db;
    const { repository } = await connect(prisma, SECRET);
    await delivery(recordedPull("opened", 41, { updatedAt: "2026-11-01T10:00:00Z" }));
    await drainJobs(db, { kinds: ["review.github_pull"] });
    checkout(upstream, "feature");
    const pushed = await commitFiles(upstream, { "src/app.ts": "export const a = 41;\n" }, "push for 41");
    gitSync(upstream, ["push", "-q", remote, "feature"]);
    await delivery(recordedPull("synchronize", 41, { head: pushed, before: featureSha, updatedAt: "2026-11-01T10:05:00Z" }));
    await drainJobs(db, { kinds: ["review.github_pull"] });
    const pull = () => prisma.pullRequest.findFirstOrThrow({ where: { repositoryId: repository.id, number: 41 } });
    expect((await pull()).headSha).toBe(pushed);
    const runs = await prisma.run.count({ where: { roomId: (await prisma.room.findFirstOrThrow({ where: { pullRequestId: (await pull()).id } })).id } });

    // The first push's delivery arrives last: older by GitHub's clock…
    expect((await delivery(recordedPull("synchronize", 41, { head: featureSha, updatedAt: "2026-11-01T10:02:00Z" }))).status).toBe(202);
    // …and a delivery in the very second of the push that still shows the head before it: the push's before/after chain says it is older.
    expect((await delivery(recordedPull("ready_for_review", 41, { head: featureSha, updatedAt: "2026-11-01T10:05:00Z" }))).status).toBe(202);
    expect((await drainJobs(db, { kinds: ["review.github_pull"] })).errors).toEqual([]);
    expect((await pull()).headSha).toBe(pushed);
    expect(await prisma.run.count({ where: { room: { pullRequestId: (await pull()).id } } })).toBe(runs);
  });

  it("R9: a form-encoded delivery (payload=…) verifies over the raw body like JSON", async () => {
    const { prisma } = db;
    const { repository } = await connect(prisma, SECRET);
    const form = `payload=${encodeURIComponent(recordedPull("opened", 51))}`;
    const post = (body: string, signature: string) =>
      POST(new Request("http://localhost/api/webhooks/github", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-github-event": "pull_request", "x-github-delivery": randomUUID(), "x-hub-signature-256": signature },
        body,
      }));
    const answer = await post(form, signPayload(form, SECRET));
    expect(answer.status).toBe(202);
    expect((await answer.json()).status).toBe("queued");
    // Signed as JSON, sent as a form: the raw bytes differ, so it does not verify.
    expect((await post(form, signPayload(recordedPull("opened", 51), SECRET))).status).toBe(401);
    await drainJobs(db, { kinds: ["review.github_pull"] });
    expect(await prisma.pullRequest.count({ where: { repositoryId: repository.id, number: 51 } })).toBe(1);
  });

  it("R9: ping (an organisation's names no repository) and installation events are answered 2xx and write nothing", async () => {
    const { prisma } = db;
    await connect(prisma, SECRET);
    const before = await counts(prisma);
    const answers = [
      await delivery(recordedEvent("ping", 0), { event: "ping" }),
      await delivery(recordedEvent("ping", 3), { event: "ping", secret: "an-organisation-secret" }),
      await delivery(recordedEvent("installation", 1), { event: "installation", secret: "the-app-secret" }),
      await delivery(recordedEvent("installation_repositories", 0), { event: "installation_repositories", secret: null }),
    ];
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202]);
    expect(await counts(prisma)).toEqual(before);
  });

  it("R9: closed (merged or not) and reopened keep the state true; a closed room is read-only until reopened", async () => {
    const { prisma } = db;
    const { repository, workspace } = await connect(prisma, SECRET);
    const owner = await createUser(prisma);
    await prisma.membership.create({ data: { workspaceId: workspace.id, userId: owner.id, role: "owner" } });
    const actor = { workspaceId: workspace.id, userId: owner.id, role: "owner" as const };
    const finding = { kind: "bug", priority: "P2", confidence: 0.9, title: "Off by one", body: "Check the bound." };
    await delivery(recordedPull("opened", 61, { updatedAt: "2026-11-02T10:00:00Z" }));
    await drainJobs(db, { kinds: ["review.github_pull"] });
    const pull = () => prisma.pullRequest.findFirstOrThrow({ where: { repositoryId: repository.id, number: 61 } });

    await delivery(recordedPull("closed", 61, { updatedAt: "2026-11-02T10:01:00Z", merged: false }));
    await drainJobs(db, { kinds: ["review.github_pull"] });
    expect((await pull()).state).toBe("closed");
    await expect(addPersonFinding(prisma, actor, (await pull()).id, finding)).rejects.toThrow(/closed; its review is read-only until it is reopened/);

    await delivery(recordedPull("reopened", 61, { updatedAt: "2026-11-02T10:02:00Z" }));
    await drainJobs(db, { kinds: ["review.github_pull"] });
    expect((await pull()).state).toBe("open");
    await expect(addPersonFinding(prisma, actor, (await pull()).id, finding)).resolves.toMatchObject({ status: "created" });

    await delivery(recordedPull("closed", 61, { updatedAt: "2026-11-02T10:03:00Z", merged: true }));
    // A late "reopened" from before the merge changes nothing.
    await delivery(recordedPull("reopened", 61, { updatedAt: "2026-11-02T10:02:30Z" }));
    expect((await drainJobs(db, { kinds: ["review.github_pull"] })).errors).toEqual([]);
    expect((await pull()).state).toBe("merged");
    const events = await prisma.runEvent.findMany({ where: { type: "pull.state_changed", workspaceId: workspace.id }, orderBy: { id: "asc" } });
    expect(events.map((e) => (e.data as { state: string }).state)).toEqual(["closed", "open", "merged"]);
  });
});

/**
 * R9 by GitHub's clock: recorded payloads of a pull request's life
 * (tests/support/github-deliveries.ts, each checked against GitHub's payload
 * schema), ordered by pull_request.updated_at, the synchronize before/after
 * chain and, when two deliveries tie, GitHub's API — never by commit ancestry.
 */
describe("R9: GitHub's clock orders a pull request's life", { timeout: 300_000 }, () => {
  const at = (second: number) => new Date(Date.UTC(2026, 10, 20, 9, 0, 0) + second * 1000).toISOString().replace(/\.000Z$/, "Z");

  /** A branch of `count` commits off main in the upstream, pushed to the served remote; returns the commits, oldest first. */
  async function branchWith(name: string, count: number, from = "main"): Promise<string[]> {
    checkout(upstream, from);
    checkout(upstream, name, true);
    const commits: string[] = [];
    for (let i = 1; i <= count; i++) commits.push(await commitFiles(upstream, { [`src/${name}.ts`]: `export const step = ${i};\n` }, `${name} ${i}`));
    gitSync(upstream, ["push", "-q", remote, name]);
    checkout(upstream, "main");
    return commits;
  }

  const send = (payload: Record<string, unknown>) => delivery(JSON.stringify(payload));
  const drainPulls = async () => {
    // Three workers at once, as a busy queue would run them.
    const results = await Promise.all([0, 1, 2].map(() => drainJobs(db, { kinds: ["review.github_pull"] })));
    return results.flatMap((r) => r.errors);
  };

  it("R9: ten deliveries of one pull request's life, sent newest first and concurrently, end at GitHub's final state: the newest head, the edited title, closed", async () => {
    const { prisma } = db;
    const { repository } = await connect(prisma, SECRET);
    const [h1, h2, h3] = await branchWith("life", 3);
    const number = 71;
    const pull = (head: string, title: string) => ({ fullName: "acme/widgets", number, title, head: { ref: "life", sha: head! }, base: { ref: "main", sha: mainSha } });
    const life = [
      pullDelivery("opened", { ...pull(h1!, "WIP: life"), draft: true, updatedAt: at(1) }),
      pullDelivery("labeled", { ...pull(h1!, "WIP: life"), draft: true, updatedAt: at(2) }),
      pullDelivery("synchronize", { ...pull(h2!, "WIP: life"), draft: true, before: h1, updatedAt: at(3) }),
      pullDelivery("ready_for_review", { ...pull(h2!, "WIP: life"), draft: false, updatedAt: at(4) }),
      pullDelivery("edited", { ...pull(h2!, "Life, ready"), changes: { title: { from: "WIP: life" } }, updatedAt: at(5) }),
      pullDelivery("synchronize", { ...pull(h3!, "Life, ready"), before: h2, updatedAt: at(6) }),
      // In the same second as the push, as GitHub often stamps them.
      pullDelivery("review_requested", { ...pull(h3!, "Life, ready"), updatedAt: at(6) }),
      pullDelivery("closed", { ...pull(h3!, "Life, ready"), updatedAt: at(7) }),
      pullDelivery("reopened", { ...pull(h3!, "Life, ready"), updatedAt: at(8) }),
      pullDelivery("closed", { ...pull(h3!, "Life, ready"), updatedAt: at(9) }),
    ];
    const answers = await Promise.all([...life].reverse().map(send));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(202));
    expect(await drainPulls()).toEqual([]);

    const pr = await prisma.pullRequest.findFirstOrThrow({ where: { repositoryId: repository.id, number }, include: { room: true } });
    expect(pr).toMatchObject({ state: "closed", headSha: h3, title: "Life, ready", baseRef: "main" });
    expect(await prisma.room.count({ where: { repositoryId: repository.id } })).toBe(1);
    expect(gitSync(pr.room!.worktreePath!, ["rev-parse", "HEAD"]).trim()).toBe(h3);

    // Redelivered afterwards (a person pressing "Redeliver" on GitHub), the older ones still change nothing.
    await Promise.all(life.slice(0, 6).map(send));
    expect(await drainPulls()).toEqual([]);
    expect(await prisma.pullRequest.findFirstOrThrow({ where: { repositoryId: repository.id, number } })).toMatchObject({ state: "closed", headSha: h3, title: "Life, ready" });
  });

  it("R9: a force-push back to the parent of the head (a synchronize whose after is that parent) moves the review to it; the older push delivered late does not", async () => {
    const { prisma } = db;
    const { repository } = await connect(prisma, SECRET);
    const [h1, h2] = await branchWith("rewind", 2);
    const number = 72;
    const pull = (head: string) => ({ fullName: "acme/widgets", number, title: "Rewind", head: { ref: "rewind", sha: head }, base: { ref: "main", sha: mainSha } });
    const push = pullDelivery("synchronize", { ...pull(h2!), before: h1, updatedAt: at(2) });
    await send(pullDelivery("opened", { ...pull(h1!), updatedAt: at(1) }));
    expect(await drainPulls()).toEqual([]);
    await send(push);
    expect(await drainPulls()).toEqual([]);
    const read = () => prisma.pullRequest.findFirstOrThrow({ where: { repositoryId: repository.id, number }, include: { room: true } });
    expect((await read()).headSha).toBe(h2);
    const runs = await prisma.run.count({ where: { room: { pullRequestId: (await read()).id }, kind: "review" } });

    // git push --force origin HEAD~1:rewind
    gitSync(upstream, ["push", "-q", "--force", remote, `${h1}:refs/heads/rewind`]);
    await send(pullDelivery("synchronize", { ...pull(h1!), before: h2, updatedAt: at(3) }));
    expect(await drainPulls()).toEqual([]);
    const rewound = await read();
    expect(rewound.headSha).toBe(h1);
    expect(gitSync(rewound.room!.worktreePath!, ["rev-parse", "HEAD"]).trim()).toBe(h1);
    expect(await prisma.run.count({ where: { roomId: rewound.room!.id, kind: "review" } })).toBe(runs + 1);
    const moved = await prisma.runEvent.findMany({ where: { roomId: rewound.room!.id, type: "pull.head_changed" }, orderBy: { id: "asc" } });
    expect(moved.map((e) => e.data)).toEqual([expect.objectContaining({ from: h1, to: h2 }), expect.objectContaining({ from: h2, to: h1 })]);

    // The push to h2 delivered again, late: older by GitHub's clock, it changes nothing.
    await send(push);
    expect(await drainPulls()).toEqual([]);
    expect((await read()).headSha).toBe(h1);
  });

  it("R9: `edited` with a new title and a new base: the title is shown and the head is reviewed again against the new base", async () => {
    const { prisma } = db;
    const { repository } = await connect(prisma, SECRET);
    const [developSha] = await branchWith("develop", 1);
    const [head] = await branchWith("retarget", 1);
    const number = 73;
    const pull = { fullName: "acme/widgets", number, head: { ref: "retarget", sha: head! } };
    await send(pullDelivery("opened", { ...pull, title: "Retarget me", base: { ref: "main", sha: mainSha }, updatedAt: at(1) }));
    expect(await drainPulls()).toEqual([]);
    const read = () => prisma.pullRequest.findFirstOrThrow({ where: { repositoryId: repository.id, number }, include: { room: true } });
    const before = await read();
    expect(before).toMatchObject({ title: "Retarget me", baseRef: "main" });
    const runs = await prisma.run.count({ where: { roomId: before.room!.id, kind: "review" } });

    await send(
      pullDelivery("edited", {
        ...pull,
        title: "Retargeted onto develop",
        base: { ref: "develop", sha: developSha! },
        changes: { title: { from: "Retarget me" }, base: { ref: { from: "main" }, sha: { from: mainSha } } },
        updatedAt: at(2),
      }),
    );
    expect(await drainPulls()).toEqual([]);
    const after = await read();
    expect(after).toMatchObject({ title: "Retargeted onto develop", baseRef: "develop", headSha: head });
    expect(after.room!.name).toBe(`#${number} Retargeted onto develop`);
    expect(await prisma.run.count({ where: { roomId: after.room!.id, kind: "review" } })).toBe(runs + 1);
    const request = await prisma.message.findFirstOrThrow({ where: { conversation: { roomId: after.room!.id }, role: "user" }, orderBy: { createdAt: "desc" } });
    expect(request.content).toMatch(/now targets develop/);
    const edited = await prisma.runEvent.findMany({ where: { roomId: after.room!.id, type: "pull.edited" } });
    expect(edited.map((e) => e.data)).toEqual([expect.objectContaining({ title: "Retargeted onto develop", baseRef: "develop" })]);

    // A title-only edit is shown without a new review.
    await send(pullDelivery("edited", { ...pull, title: "Retargeted, final", base: { ref: "develop", sha: developSha! }, changes: { title: { from: "Retargeted onto develop" } }, updatedAt: at(3) }));
    expect(await drainPulls()).toEqual([]);
    expect(await read()).toMatchObject({ title: "Retargeted, final", baseRef: "develop" });
    expect(await prisma.run.count({ where: { roomId: after.room!.id, kind: "review" } })).toBe(runs + 1);
  });

  it("R9: two pushes in the same second that nothing in the payloads orders are settled by GitHub's API (the real head), asked with the repository's token", async () => {
    const { prisma } = db;
    const { repository } = await connect(prisma, SECRET);
    const token = newToken();
    await prisma.repository.update({ where: { id: repository.id }, data: { githubToken: token } });
    api.addRepository("acme/widgets", token);
    const [h1, h2] = await branchWith("tie", 2);
    // h3 replaced h2 on GitHub within the same second, then h2 was force-pushed back; the remote ends at h2.
    checkout(upstream, "tie");
    gitSync(upstream, ["reset", "-q", "--hard", h1!]);
    const h3 = await commitFiles(upstream, { "src/tie.ts": "export const step = 3;\n" }, "tie 3");
    checkout(upstream, "main");
    const number = 74;
    const pull = (head: string) => ({ fullName: "acme/widgets", number, title: "Tie", head: { ref: "tie", sha: head }, base: { ref: "main", sha: mainSha } });
    await send(pullDelivery("opened", { ...pull(h1!), updatedAt: at(1) }));
    expect(await drainPulls()).toEqual([]);
    api.describePull("acme/widgets", number, { ...pull(h2!), state: "open", updated_at: at(2) });

    const asked = api.requests.length;
    await send(pullDelivery("synchronize", { ...pull(h2!), before: h1, updatedAt: at(2) }));
    await send(pullDelivery("synchronize", { ...pull(h3), before: h1, updatedAt: at(2) }));
    expect(await drainPulls()).toEqual([]);
    expect((await prisma.pullRequest.findFirstOrThrow({ where: { repositoryId: repository.id, number } })).headSha).toBe(h2);
    const calls = api.requests.slice(asked);
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /repos/acme/widgets/pulls/${number}`]);
    expect(calls[0]!.headers.authorization).toBe(`token ${token}`);
  });
});
