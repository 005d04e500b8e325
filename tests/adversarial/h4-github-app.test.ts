/**
 * H4, R12: the GitHub App's credentials — its private key, the JWTs it signs
 * and the installation tokens it gets — go only to the operator's GitHub API
 * (GATEHOUSE_GITHUB_API_URL). A redirect of the installation lookup or of the
 * token exchange to another host is refused unsent (a second real HTTP server
 * stands for that host and must receive nothing), and none of them appears in
 * a log, an event, a job, a stored error or an API response.
 */
import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as githubSettingsRoute from "../../app/api/workspaces/[workspace]/repositories/[repositoryId]/github/route";
import * as repositoriesRoute from "../../app/api/workspaces/[workspace]/repositories/route";
import { EnvError, env } from "../../lib/config/env";
import type { Database } from "../../lib/db/client";
import { requestPublish } from "../../lib/github/request-publish";
import { testDatabase } from "../support/db";
import { sessionCookie } from "../support/factories";
import { startGithubApi, type GithubApi } from "../support/github-api-server";
import { connectPull, runPublishing } from "../support/publishing";
import { useDataDir } from "../support/reviews";
import { startWebhookReceiver } from "../support/webhook-receiver";

const APP_ID = "777001";
const ENV = ["GATEHOUSE_GITHUB_API_URL", "GATEHOUSE_GITHUB_PUBLISH_ATTEMPTS", "GATEHOUSE_GITHUB_APP_ID", "GATEHOUSE_GITHUB_APP_PRIVATE_KEY"] as const;
const keys = generateKeyPairSync("rsa", { modulusLength: 2048, publicKeyEncoding: { type: "spki", format: "pem" }, privateKeyEncoding: { type: "pkcs1", format: "pem" } });
/** The key's body, as it would appear if any part of it leaked. */
const keyBody = keys.privateKey.split("\n").slice(1, 4).join("");

let data: Awaited<ReturnType<typeof useDataDir>>;
let db: Database;
let api: GithubApi;
let elsewhere: Awaited<ReturnType<typeof startWebhookReceiver>>;
const saved: Partial<Record<(typeof ENV)[number], string | undefined>> = {};

beforeAll(async () => {
  data = await useDataDir();
  db = await testDatabase();
  (globalThis as { gatehouseDb?: Promise<Database> }).gatehouseDb = Promise.resolve(db);
  api = await startGithubApi();
  api.configureApp(APP_ID, keys.publicKey);
  elsewhere = await startWebhookReceiver(() => ({ status: 200, headers: { "content-type": "application/json" } }));
  for (const name of ENV) saved[name] = process.env[name];
  process.env.GATEHOUSE_GITHUB_API_URL = api.url;
  process.env.GATEHOUSE_GITHUB_PUBLISH_ATTEMPTS = "2";
  process.env.GATEHOUSE_GITHUB_APP_ID = APP_ID;
  process.env.GATEHOUSE_GITHUB_APP_PRIVATE_KEY = keys.privateKey;
});
afterAll(async () => {
  delete (globalThis as { gatehouseDb?: unknown }).gatehouseDb;
  for (const name of ENV) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await api.close();
  await elsewhere.close();
  await data.cleanup();
});

async function call(userId: string, handler: unknown, params: Record<string, string>) {
  const { cookie } = await sessionCookie(db.prisma, userId);
  const res = await (handler as (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>)(new Request("http://localhost/api/x", { headers: { cookie } }), { params: Promise.resolve(params) });
  return { status: res.status, text: await res.text() };
}

describe("H4: the GitHub App's credentials go only to the configured GitHub API", { timeout: 240_000 }, () => {
  it("H4: a redirect of the installation lookup or of the token exchange to another host is refused unsent", async () => {
    const { prisma } = db;
    const lookedUp = await connectPull(prisma, api, data.root, { token: null });
    api.installApp(lookedUp.fullName);
    await prisma.job.deleteMany({});
    api.failNext(1, { status: 307, headers: { location: `${elsewhere.url("")}/repos/${lookedUp.fullName}/installation` } }, (_m, path) => path === `/repos/${lookedUp.fullName}/installation`);
    await prisma.$transaction((tx) => requestPublish(tx, lookedUp.pull.id));
    await runPublishing(db);
    expect(await prisma.forgePublication.findUniqueOrThrow({ where: { pullRequestId: lookedUp.pull.id } })).toMatchObject({ status: "failed", error: expect.stringMatching(/refused unsent/) });

    const exchanged = await connectPull(prisma, api, data.root, { token: null });
    const installationId = api.installApp(exchanged.fullName);
    await prisma.job.deleteMany({});
    api.failNext(1, { status: 308, headers: { location: `${elsewhere.url("")}/app/installations/${installationId}/access_tokens` } }, (_m, path) => path === `/app/installations/${installationId}/access_tokens`);
    await prisma.$transaction((tx) => requestPublish(tx, exchanged.pull.id));
    await runPublishing(db);
    expect(await prisma.forgePublication.findUniqueOrThrow({ where: { pullRequestId: exchanged.pull.id } })).toMatchObject({ status: "failed", error: expect.stringMatching(/refused unsent/) });
    expect(elsewhere.received).toHaveLength(0);

    // Without the detour the same pull request publishes as the app.
    await prisma.$transaction((tx) => requestPublish(tx, exchanged.pull.id));
    await runPublishing(db);
    expect(await prisma.forgePublication.findUniqueOrThrow({ where: { pullRequestId: exchanged.pull.id } })).toMatchObject({ status: "published", conclusion: null });
  });

  it("H4: the private key, the app's JWTs and installation tokens never appear in logs, events, jobs, stored errors or API responses", async () => {
    const { prisma } = db;
    const logged: string[] = [];
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" "))),
    );
    try {
      const c = await connectPull(prisma, api, data.root, { token: null, comments: true });
      api.installApp(c.fullName);
      await c.services.finalize({});
      await runPublishing(db);
      // An installation the app cannot use: GitHub refuses the token exchange.
      const refused = await connectPull(prisma, api, data.root, { token: null });
      await prisma.repository.update({ where: { id: refused.repository.id }, data: { githubInstallationId: 1n } });
      await refused.services.finalize({});
      await runPublishing(db);

      const responses = [
        await call(c.owner.id, githubSettingsRoute.GET, { workspace: c.workspace.slug, repositoryId: c.repository.id }),
        await call(c.owner.id, repositoriesRoute.GET, { workspace: c.workspace.slug }),
        await call(refused.owner.id, githubSettingsRoute.GET, { workspace: refused.workspace.slug, repositoryId: refused.repository.id }),
      ];
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
      const stored = JSON.stringify({
        events: await prisma.runEvent.findMany({ select: { data: true } }),
        jobs: await prisma.job.findMany({ select: { payload: true, lastError: true } }),
        publications: await prisma.forgePublication.findMany({ select: { error: true } }),
      });
      const tokens = api.installationTokens.map((t) => t.token);
      expect(tokens.length).toBeGreaterThan(0);
      expect(api.verifiedJwts.length).toBeGreaterThan(0);
      const everything = [stored, logged.join("\n"), ...responses.map((r) => r.text)].join("\n");
      for (const secret of [keyBody, ...tokens]) expect(everything).not.toContain(secret);
      expect(everything).not.toMatch(/eyJ[A-Za-z0-9_-]{8,}\./);
      expect(stored).toContain("GitHub answered 404 to the call to get an installation token");
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it("H4: a bad or half-configured app key stops start-up with a message that never quotes the key", () => {
    const broken = keys.privateKey.replace(/\n[A-Za-z0-9+/]{10}/, "\n!!!!!!!!!!");
    for (const [id, key, says] of [
      [APP_ID, broken, /GATEHOUSE_GITHUB_APP_PRIVATE_KEY: is not a readable PEM private key/],
      [APP_ID, "/nonexistent/gatehouse.pem", /GATEHOUSE_GITHUB_APP_PRIVATE_KEY: is neither a PEM key nor a readable file \(ENOENT/],
      [APP_ID, "", /GATEHOUSE_GITHUB_APP_PRIVATE_KEY: is needed too/],
      ["", keys.privateKey, /GATEHOUSE_GITHUB_APP_ID: is needed too/],
      ["not-an-id", keys.privateKey, /GATEHOUSE_GITHUB_APP_ID: must be the GitHub App's numeric App ID/],
    ] as const) {
      process.env.GATEHOUSE_GITHUB_APP_ID = id;
      process.env.GATEHOUSE_GITHUB_APP_PRIVATE_KEY = key;
      let error: unknown;
      try {
        env();
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(EnvError);
      expect((error as Error).message).toMatch(says);
      expect((error as Error).message).not.toContain(keyBody.slice(20, 60));
      expect((error as Error).message).not.toContain("!!!!");
    }
    process.env.GATEHOUSE_GITHUB_APP_ID = APP_ID;
    process.env.GATEHOUSE_GITHUB_APP_PRIVATE_KEY = keys.privateKey;
    expect(env().GATEHOUSE_GITHUB_APP_PRIVATE_KEY).toMatch(/^-----BEGIN PRIVATE KEY-----/);
  });
});
