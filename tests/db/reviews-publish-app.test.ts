/**
 * R12 and H4 with a GitHub App, on PostgreSQL with real git: the real Octokit
 * and @octokit/auth-app against the local GitHub REST server, which verifies
 * the app's RS256 JWT against the public half of a key pair made here, serves
 * the repository's installation and installation tokens (with expires_at),
 * and answers a personal access token's check run with GitHub's 403.
 */
import { generateKeyPairSync } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as githubSettingsRoute from "../../app/api/workspaces/[workspace]/repositories/[repositoryId]/github/route";
import type { Database } from "../../lib/db/client";
import { requestPublish } from "../../lib/github/request-publish";
import { startWorker } from "../../lib/queue/run-worker";
import { jobHandlers } from "../../lib/runtime/job-handlers";
import * as publishRoute from "../../app/api/workspaces/[workspace]/pulls/[pullId]/publish/route";
import { getPullRequest } from "../../lib/pulls/get-pull-request";
import { GAVE_UP_REASON } from "../../lib/publish/record-publish-gave-up";
import { testDatabase } from "../support/db";
import { sessionCookie } from "../support/factories";
import { startGithubApi, type GithubApi } from "../support/github-api-server";
import { connectPull, newPersonalToken, publishEvents, runPublishing } from "../support/publishing";
import { useDataDir } from "../support/reviews";

const ORIGIN = "http://gatehouse.test";
const APP_ID = "424242";
const ENV = [
  "GATEHOUSE_GITHUB_API_URL",
  "GATEHOUSE_GITHUB_RETRY_MS",
  "GATEHOUSE_GITHUB_PUBLISH_ATTEMPTS",
  "GATEHOUSE_GITHUB_APP_ID",
  "GATEHOUSE_GITHUB_APP_PRIVATE_KEY",
  "NEXTAUTH_URL",
] as const;

// GitHub hands apps a PKCS#1 key ("BEGIN RSA PRIVATE KEY"); the server verifies with the public half.
const keys = generateKeyPairSync("rsa", { modulusLength: 2048, publicKeyEncoding: { type: "spki", format: "pem" }, privateKeyEncoding: { type: "pkcs1", format: "pem" } });

let data: Awaited<ReturnType<typeof useDataDir>>;
let db: Database;
let api: GithubApi;
let keyFile: string;
const saved: Partial<Record<(typeof ENV)[number], string | undefined>> = {};

beforeAll(async () => {
  data = await useDataDir();
  db = await testDatabase();
  (globalThis as { gatehouseDb?: Promise<Database> }).gatehouseDb = Promise.resolve(db);
  api = await startGithubApi();
  api.configureApp(APP_ID, keys.publicKey);
  keyFile = join(data.root, "gatehouse-app.private-key.pem");
  await writeFile(keyFile, keys.privateKey, { mode: 0o600 });
  for (const name of ENV) saved[name] = process.env[name];
  process.env.GATEHOUSE_GITHUB_API_URL = api.url;
  process.env.GATEHOUSE_GITHUB_RETRY_MS = "60";
  process.env.GATEHOUSE_GITHUB_PUBLISH_ATTEMPTS = "3";
  process.env.NEXTAUTH_URL = ORIGIN;
});
afterEach(() => {
  process.env.GATEHOUSE_GITHUB_APP_ID = APP_ID;
  process.env.GATEHOUSE_GITHUB_APP_PRIVATE_KEY = keyFile;
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

function useApp(key: "file" | "inline" = "file") {
  process.env.GATEHOUSE_GITHUB_APP_ID = APP_ID;
  // An .env file holds a PEM on one line with \n escapes; a path names GitHub's downloaded .pem.
  process.env.GATEHOUSE_GITHUB_APP_PRIVATE_KEY = key === "file" ? keyFile : keys.privateKey.replace(/\n/g, "\\n");
}
function noApp() {
  delete process.env.GATEHOUSE_GITHUB_APP_ID;
  delete process.env.GATEHOUSE_GITHUB_APP_PRIVATE_KEY;
}

const runsFor = (c: { fullName: string; headSha: string }) => api.checkRuns.filter((r) => r.repo === c.fullName && r.head_sha === c.headSha);
const callsFor = (fullName: string) => api.requests.filter((r) => r.path.includes(`/repos/${fullName}/`));
const tokenExchanges = () => api.requests.filter((r) => /^\/app\/installations\/\d+\/access_tokens$/.test(r.path));

async function settings(userId: string, params: { workspace: string; repositoryId: string }, body?: unknown) {
  const { cookie } = await sessionCookie(db.prisma, userId);
  const req = new Request("http://localhost/api/x", {
    method: body === undefined ? "GET" : "PATCH",
    headers: { cookie, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const handler = body === undefined ? githubSettingsRoute.GET : githubSettingsRoute.PATCH;
  const res = await (handler as (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>)(req, { params: Promise.resolve(params) });
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) as Record<string, any> };
}

/** Polls until `probe` gives a value (not undefined/false), or fails after `ms`. */
async function waitFor<T>(probe: () => T | undefined | false | Promise<T | undefined | false>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error("waited in vain");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("publishing as a GitHub App", { timeout: 240_000 }, () => {
  it("R12, H4: the check run is published with an installation token the app got with its RS256 JWT, verified by the API; the key may be a file or inline", async () => {
    const { prisma } = db;
    for (const key of ["file", "inline"] as const) {
      useApp(key);
      const c = await connectPull(prisma, api, data.root, { token: null });
      const installationId = api.installApp(c.fullName);
      const jwtsBefore = api.verifiedJwts.length;
      expect((await c.services.finalize({})).verdict).toBe("ship");
      await runPublishing(db);

      expect(runsFor(c)).toMatchObject([{ name: "Gatehouse", status: "completed", conclusion: "success" }]);
      // The app's JWT found the installation and was exchanged for a token; GitHub's checks of it passed.
      const jwts = api.verifiedJwts.slice(jwtsBefore);
      expect(jwts.length).toBeGreaterThanOrEqual(2);
      for (const jwt of jwts) {
        expect(jwt.header.alg).toBe("RS256");
        expect(String(jwt.claims.iss)).toBe(APP_ID);
        expect((jwt.claims.exp as number) - (jwt.claims.iat as number)).toBeLessThanOrEqual(600);
      }
      const lookup = callsFor(c.fullName).find((r) => r.path === `/repos/${c.fullName}/installation`)!;
      expect(String(lookup.headers.authorization)).toMatch(/^bearer eyJ/);
      const issued = api.installationTokens.filter((t) => t.installationId === installationId);
      expect(issued).toHaveLength(1);
      // Every call on the repository itself carried the installation token, never the JWT.
      const repoCalls = callsFor(c.fullName).filter((r) => !r.path.endsWith("/installation"));
      expect(repoCalls.length).toBeGreaterThan(0);
      expect(repoCalls.every((r) => r.headers.authorization === `token ${issued[0]!.token}`)).toBe(true);
      const detail = await getPullRequest(prisma, c.workspace.id, c.pull.id);
      expect(detail.publication).toMatchObject({ connected: true, state: { status: "published", conclusion: "success" } });

      const view = await settings(c.owner.id, { workspace: c.workspace.slug, repositoryId: c.repository.id });
      expect(view.json.credential).toMatchObject({ publishesWith: "app", installation: { id: String(installationId), source: "found" } });
      expect(view.json.credential.message).toMatch(new RegExp(`found on ${c.fullName}`));
    }
  });

  it("R12: an installation token is fetched once and reused until shortly before it expires, then refreshed; a set installation id needs no lookup", async () => {
    const { prisma } = db;
    useApp();
    // Five minutes is the refresh margin: a token living 5 min 3 s is good for 3 s.
    api.setInstallationTokenLifetime(303);
    try {
      const c = await connectPull(prisma, api, data.root, { token: null });
      const installationId = api.installApp(c.fullName, 9_100_001);
      await prisma.repository.update({ where: { id: c.repository.id }, data: { githubInstallationId: BigInt(installationId) } });
      const exchanges = () => tokenExchanges().filter((r) => r.path === `/app/installations/${installationId}/access_tokens`).length;

      await runPublishing(db);
      expect(exchanges()).toBe(1);
      await c.services.finalize({});
      await runPublishing(db);
      await prisma.$transaction((tx) => requestPublish(tx, c.pull.id));
      await runPublishing(db);
      expect(exchanges()).toBe(1);
      expect(runsFor(c)).toMatchObject([{ conclusion: "success" }]);

      await new Promise((resolve) => setTimeout(resolve, 3_500));
      await prisma.$transaction((tx) => requestPublish(tx, c.pull.id));
      await runPublishing(db);
      expect(exchanges()).toBe(2);
      const issued = api.installationTokens.filter((t) => t.installationId === installationId);
      const last = callsFor(c.fullName).at(-1)!;
      expect(last.headers.authorization).toBe(`token ${issued[1]!.token}`);
      expect(issued[0]!.token).not.toBe(issued[1]!.token);
      // Set on the repository: the app never asked GitHub which installation covers it.
      expect(callsFor(c.fullName).filter((r) => r.path.endsWith("/installation"))).toHaveLength(0);
      const view = await settings(c.owner.id, { workspace: c.workspace.slug, repositoryId: c.repository.id });
      expect(view.json.credential).toMatchObject({ publishesWith: "app", installation: { id: String(installationId), source: "set" } });
    } finally {
      api.setInstallationTokenLifetime(3_600);
    }
  });

  it("R12: a personal access token is refused the check run (GitHub's 403) and the room says to configure a GitHub App; its review comments still post", async () => {
    const { prisma } = db;
    noApp();
    const c = await connectPull(prisma, api, data.root, { token: newPersonalToken(), comments: true });
    await c.services.addNode({ kind: "bug", priority: "P2", confidence: 0.9, title: "Magic number", body: "33 looks like a typo.", anchor: { file: "src/a.ts", startLine: 4, endLine: 4 } });
    await c.services.finalize({});
    await runPublishing(db);
    const refused = api.requests.filter((r) => r.method === "POST" && r.path === `/repos/${c.fullName}/check-runs`);
    expect(refused).toHaveLength(1);
    expect(runsFor(c)).toHaveLength(0);
    const detail = await getPullRequest(prisma, c.workspace.id, c.pull.id);
    expect(detail.publication.state).toMatchObject({
      status: "failed",
      attempts: 1,
      error: expect.stringMatching(/refused to create the check run \(403\): only a GitHub App may create or update check runs.*GATEHOUSE_GITHUB_APP_ID/),
    });
    expect(detail.publication.state!.error).not.toContain("Resource not accessible");
    expect(api.comments.filter((x) => x.repo === c.fullName)).toMatchObject([{ path: "src/a.ts", line: 4 }]);
    const view = await settings(c.owner.id, { workspace: c.workspace.slug, repositoryId: c.repository.id });
    expect(view.json.credential).toMatchObject({ publishesWith: "token", appConfigured: false });
    expect(view.json.credential.message).toMatch(/only a GitHub App create check runs/);
    expect(view.text).not.toContain(c.token!);

    // Installing a GitHub App on the repository makes the same pull request publish.
    useApp();
    api.installApp(c.fullName);
    await prisma.$transaction((tx) => requestPublish(tx, c.pull.id));
    await runPublishing(db);
    expect(runsFor(c)).toMatchObject([{ conclusion: "success" }]);
  });

  it("R12: a secondary rate limit with retry-after on one repository holds every request of the same installation until the time has passed: another pull request of that installation waits too", { timeout: 300_000 }, async () => {
    const { prisma } = db;
    useApp();
    const first = await connectPull(prisma, api, data.root, { token: null });
    const second = await connectPull(prisma, api, data.root, { token: null });
    const installationId = api.installApp(first.fullName);
    api.installApp(second.fullName, installationId);
    await prisma.job.deleteMany({});
    // The first call made with the installation's token (the app's own lookup with its JWT is another credential).
    const withToken = (path: string) => path.startsWith(`/repos/${first.fullName}/`) && !path.endsWith("/installation");
    api.failNext(1, { status: 403, headers: { "retry-after": "3" }, body: { message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again." } }, (_m, path) => withToken(path));
    const started = api.requests.length;
    const worker = await startWorker({ db, handlers: jobHandlers(db, { owner: "rate-limit-test" }), pollMs: 20, leaseMs: 30_000 });
    try {
      await prisma.$transaction((tx) => requestPublish(tx, first.pull.id));
      const limited = await waitFor(() => api.requests.slice(started).find((r) => withToken(r.path)));
      // Work on another pull request of the same installation, while GitHub's wait lasts.
      await prisma.$transaction((tx) => requestPublish(tx, second.pull.id));
      await waitFor(async () => (await prisma.forgePublication.count({ where: { pullRequestId: { in: [first.pull.id, second.pull.id] }, status: "published" } })) === 2 || undefined, 120_000);

      const tokens = new Set(api.installationTokens.filter((t) => t.installationId === installationId).map((t) => `token ${t.token}`));
      const withInstallation = api.requests.slice(started).filter((r) => tokens.has(String(r.headers.authorization)));
      const during = withInstallation.filter((r) => r !== limited && r.at < limited.at + 3_000);
      expect(during.map((r) => `${r.method} ${r.path}`)).toEqual([]);
      expect(withInstallation.some((r) => r.path.startsWith(`/repos/${second.fullName}/`))).toBe(true);
      // Kept in the database, so every worker and process honours it; the room says what it waits for.
      const held = await prisma.githubCredentialState.findUniqueOrThrow({ where: { key: `installation:${installationId}` } });
      expect(held.holdUntil!.getTime()).toBeGreaterThanOrEqual(limited.at + 3_000);
      const waited = (await publishEvents(prisma, second.roomId)).filter((e) => e.type === "publish.pending" && /rate limit on this GitHub App installation/.test(String(e.data.reason)));
      expect(waited.length).toBeGreaterThan(0);
      expect(runsFor(second)).toMatchObject([{ name: "Gatehouse", status: "in_progress" }]);
    } finally {
      await worker.stop();
    }
  });

  it("R12: an app that is not installed on a repository without a token is asked once, not on every publish; the settings page asks afresh", { timeout: 300_000 }, async () => {
    const { prisma } = db;
    useApp();
    const c = await connectPull(prisma, api, data.root, { token: null });
    const lookups = () => callsFor(c.fullName).filter((r) => r.path === `/repos/${c.fullName}/installation`).length;
    await runPublishing(db);
    await c.services.finalize({});
    await runPublishing(db);
    await prisma.$transaction((tx) => requestPublish(tx, c.pull.id));
    await runPublishing(db);
    expect(lookups()).toBe(1);
    expect((await getPullRequest(prisma, c.workspace.id, c.pull.id)).publication.state).toMatchObject({ status: "failed", error: expect.stringMatching(/GitHub App is not installed/) });

    // A person who just installed the app sees it on the settings page, and publishing follows.
    const installationId = api.installApp(c.fullName);
    const view = await settings(c.owner.id, { workspace: c.workspace.slug, repositoryId: c.repository.id });
    expect(view.json.credential).toMatchObject({ publishesWith: "app", installation: { id: String(installationId), source: "found" } });
    expect(lookups()).toBe(2);
    await prisma.$transaction((tx) => requestPublish(tx, c.pull.id));
    await runPublishing(db);
    expect(runsFor(c)).toMatchObject([{ conclusion: "success" }]);
  });

  it("R12: a personal access token's refused check run is not asked for again on every verdict (remembered per token); comments still post, and a person's retry asks again", { timeout: 300_000 }, async () => {
    const { prisma } = db;
    noApp();
    const c = await connectPull(prisma, api, data.root, { token: newPersonalToken(), comments: true });
    const tries = () => api.requests.filter((r) => r.method === "POST" && r.path === `/repos/${c.fullName}/check-runs`).length;
    const finding = (title: string, line: number) => ({ kind: "bug", priority: "P2", confidence: 0.9, title, body: "Look again.", anchor: { file: "src/a.ts", startLine: line, endLine: line } });
    await c.services.addNode(finding("Magic number", 4));
    await c.services.finalize({});
    await runPublishing(db);
    expect(tries()).toBe(1);

    // Two more verdicts: no more check-run calls, but the new finding's comment is posted.
    await c.services.addNode(finding("Unused export", 2));
    await c.services.finalize({});
    await runPublishing(db);
    await c.services.finalize({ summary: "Looked again." });
    await runPublishing(db);
    expect(tries()).toBe(1);
    expect(api.comments.filter((x) => x.repo === c.fullName).map((x) => x.line).sort()).toEqual([2, 4]);
    expect((await getPullRequest(prisma, c.workspace.id, c.pull.id)).publication.state).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/only a GitHub App may create or update check runs.*refused this token before/),
    });

    const { cookie } = await sessionCookie(prisma, c.owner.id);
    const retried = await (publishRoute.POST as (r: Request, x: { params: Promise<Record<string, string>> }) => Promise<Response>)(
      new Request("http://localhost/api/x", { method: "POST", headers: { cookie } }),
      { params: Promise.resolve({ workspace: c.workspace.slug, pullId: c.pull.id }) },
    );
    expect(retried.status).toBe(202);
    await runPublishing(db);
    expect(tries()).toBe(2);
  });

  it("R12: with the app not installed and no token, publishing is off and says what to configure", async () => {
    const { prisma } = db;
    useApp();
    const c = await connectPull(prisma, api, data.root, { token: null });
    await c.services.finalize({});
    await runPublishing(db);
    const detail = await getPullRequest(prisma, c.workspace.id, c.pull.id);
    expect(detail.publication.state).toMatchObject({ status: "failed", error: expect.stringMatching(new RegExp(`GitHub App is not installed on ${c.fullName} and the repository has no token`)) });
    const view = await settings(c.owner.id, { workspace: c.workspace.slug, repositoryId: c.repository.id });
    expect(view.json.credential).toMatchObject({ publishesWith: "none", appConfigured: true });
    expect(view.json.credential.message).toMatch(/^Publishing is off: the GitHub App is not installed/);
    noApp();
    const off = await settings(c.owner.id, { workspace: c.workspace.slug, repositoryId: c.repository.id });
    expect(off.json.credential.message).toMatch(/no GitHub App is configured \(GATEHOUSE_GITHUB_APP_ID and GATEHOUSE_GITHUB_APP_PRIVATE_KEY\)/);
  });

  it("R12: a repository may publish a hold as failure (branch protection counts neutral as passing); the default stays neutral", async () => {
    const { prisma } = db;
    useApp();
    const hold = { kind: "bug", priority: "P1", confidence: 0.9, title: "Magic number", body: "33 looks like a typo.", anchor: { file: "src/a.ts", startLine: 4, endLine: 4 } };
    const c = await connectPull(prisma, api, data.root, { token: null });
    api.installApp(c.fullName);
    await c.services.addNode(hold);
    expect((await c.services.finalize({})).verdict).toBe("hold");
    await runPublishing(db);
    expect(runsFor(c)).toMatchObject([{ conclusion: "neutral" }]);
    const runId = runsFor(c)[0]!.id;

    const params = { workspace: c.workspace.slug, repositoryId: c.repository.id };
    expect((await settings(c.owner.id, params, { holdAs: "maybe" })).status).toBe(400);
    const saved = await settings(c.owner.id, params, { holdAs: "failure" });
    expect(saved.status).toBe(200);
    expect(saved.json.repository).toMatchObject({ publishHoldAs: "failure" });
    // The change republishes the open pull request: the same check run now fails.
    await runPublishing(db);
    expect(runsFor(c)).toMatchObject([{ id: runId, status: "completed", conclusion: "failure" }]);
    // It is still a hold, not a block: the title and the room say so.
    expect(runsFor(c)[0]!.output.title).toMatch(/^Hold: /);
    const detail = await getPullRequest(prisma, c.workspace.id, c.pull.id);
    expect(detail.publication.state).toMatchObject({ status: "published", conclusion: "failure", verdict: "hold" });

    // Back to neutral, the SPEC's default.
    await settings(c.owner.id, params, { holdAs: "neutral" });
    await runPublishing(db);
    expect(runsFor(c)).toMatchObject([{ id: runId, conclusion: "neutral" }]);
  });

  it("R12, H4: when an unexpected error escapes the publisher, the last try shows the publish failed with a generic reason, and the log has no secret", async () => {
    const { prisma } = db;
    useApp();
    const c = await connectPull(prisma, api, data.root, { token: null });
    api.installApp(c.fullName);
    await c.services.finalize({});
    await runPublishing(db);
    expect(runsFor(c)).toHaveLength(1);
    const secret = `ghs_${"9".repeat(36)}`;
    // A database that refuses the publisher's claim, with a token-shaped string in its error.
    await prisma.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION gatehouse_test_refuse_claim() RETURNS trigger AS $$
      BEGIN IF NEW."lockedUntil" IS NOT NULL AND NEW."pullRequestId" = '${c.pull.id}' THEN RAISE EXCEPTION 'claim refused (auth token ${secret})'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await prisma.$executeRawUnsafe(`CREATE TRIGGER gatehouse_test_refuse_claim BEFORE UPDATE ON "ForgePublication" FOR EACH ROW EXECUTE FUNCTION gatehouse_test_refuse_claim()`);
    const logged: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
    try {
      await prisma.$transaction((tx) => requestPublish(tx, c.pull.id));
      await runPublishing(db);
    } finally {
      spy.mockRestore();
      await prisma.$executeRawUnsafe(`DROP TRIGGER gatehouse_test_refuse_claim ON "ForgePublication"`);
      await prisma.$executeRawUnsafe(`DROP FUNCTION gatehouse_test_refuse_claim()`);
    }
    const detail = await getPullRequest(prisma, c.workspace.id, c.pull.id);
    expect(detail.publication.state).toMatchObject({ status: "failed", error: GAVE_UP_REASON });
    expect((await publishEvents(prisma, c.roomId)).at(-1)).toMatchObject({ type: "publish.failed", data: { reason: GAVE_UP_REASON, attempts: 3 } });
    const job = await prisma.job.findFirstOrThrow({ where: { kind: "review.publish", payload: { equals: { pullRequestId: c.pull.id } } }, orderBy: { id: "desc" } });
    expect(job).toMatchObject({ status: "failed", attempts: 3 });
    const line = logged.find((l) => l.includes(`publishing pull request ${c.pull.id}`));
    expect(line).toMatch(/gave up after 3 tries: .*claim refused/s);
    expect(logged.join("\n")).not.toContain(secret);
    expect(job.lastError ?? "").not.toContain(secret);
    expect(JSON.stringify(await prisma.runEvent.findMany({ where: { roomId: c.roomId }, select: { data: true } }))).not.toContain(secret);
  });
});
