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
  checkout(upstream, "feature", true);
  featureSha = await commitFiles(upstream, { "src/app.ts": "export const a = 2;\nconsole.log(a);\n" }, "feature");
  // After the Gatehouse clones below were made, so they must fetch it.
  gitSync(upstream, ["push", "-q", remote, "feature"]);
});
afterAll(async () => {
  delete (globalThis as { gatehouseDb?: unknown }).gatehouseDb;
  if (allowedHosts === undefined) delete process.env.GATEHOUSE_ALLOWED_GIT_HOSTS;
  else process.env.GATEHOUSE_ALLOWED_GIT_HOSTS = allowedHosts;
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

describe("GitHub webhook", () => {
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
});

/**
 * R9 with GitHub's own recorded payloads (@octokit/webhooks-examples): only
 * the fields that must point at this test's repository and commits are
 * replaced (repository, number, refs, commits, and updated_at where the order
 * matters); everything else is what GitHub sends.
 */
const recorded = examples as unknown as { name: string; examples: Record<string, unknown>[] }[];

function recordedPull(action: string, number: number, overrides: { head?: string; updatedAt?: string; merged?: boolean } = {}) {
  const sample = recorded.find((e) => e.name === "pull_request")!.examples.find((e) => e.action === action);
  if (!sample) throw new Error(`no recorded pull_request.${action}`);
  const payload = structuredClone(sample) as { number: number; pull_request: Record<string, unknown> & { head: Record<string, unknown>; base: Record<string, unknown> }; repository: Record<string, unknown> };
  payload.number = number;
  payload.pull_request.number = number;
  payload.pull_request.head = { ...payload.pull_request.head, ref: "feature", sha: overrides.head ?? featureSha };
  payload.pull_request.base = { ...payload.pull_request.base, ref: "main", sha: mainSha };
  if (overrides.updatedAt) payload.pull_request.updated_at = overrides.updatedAt;
  if (overrides.merged !== undefined) payload.pull_request.merged = overrides.merged;
  payload.repository = { ...payload.repository, full_name: "acme/widgets" };
  return JSON.stringify(payload);
}

function recordedEvent(name: string, index = 0): string {
  return JSON.stringify(recorded.find((e) => e.name === name)!.examples[index]);
}

describe("R9: GitHub's delivery semantics", () => {
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
    await delivery(recordedPull("synchronize", 41, { head: pushed, updatedAt: "2026-11-01T10:05:00Z" }));
    await drainJobs(db, { kinds: ["review.github_pull"] });
    const pull = () => prisma.pullRequest.findFirstOrThrow({ where: { repositoryId: repository.id, number: 41 } });
    expect((await pull()).headSha).toBe(pushed);
    const runs = await prisma.run.count({ where: { roomId: (await prisma.room.findFirstOrThrow({ where: { pullRequestId: (await pull()).id } })).id } });

    // The first push's delivery arrives last: older by GitHub's clock…
    expect((await delivery(recordedPull("synchronize", 41, { head: featureSha, updatedAt: "2026-11-01T10:02:00Z" }))).status).toBe(202);
    // …and a redelivered copy that carries a later time, whose head is an ancestor of the current one.
    expect((await delivery(recordedPull("synchronize", 41, { head: featureSha, updatedAt: "2026-11-01T10:09:00Z" }))).status).toBe(202);
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
