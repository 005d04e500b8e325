/**
 * H4, R12: a repository's GitHub token is sent to the operator's GitHub API
 * (GATEHOUSE_GITHUB_API_URL) and to nothing else. An admin cannot name another
 * address in the repository's settings; an answer from the API — a pagination
 * link or a redirect to another host — cannot carry the token away either.
 * A second real HTTP server stands for "another host" and must receive nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as githubSettingsRoute from "../../app/api/workspaces/[workspace]/repositories/[repositoryId]/github/route";
import type { Database } from "../../lib/db/client";
import { requestPublish } from "../../lib/github/request-publish";
import { testDatabase } from "../support/db";
import { createUser, sessionCookie } from "../support/factories";
import { startGithubApi, type GithubApi } from "../support/github-api-server";
import { connectPull, runPublishing } from "../support/publishing";
import { useDataDir } from "../support/reviews";
import { startWebhookReceiver } from "../support/webhook-receiver";

let data: Awaited<ReturnType<typeof useDataDir>>;
let db: Database;
let api: GithubApi;
let elsewhere: Awaited<ReturnType<typeof startWebhookReceiver>>;
const saved = { url: process.env.GATEHOUSE_GITHUB_API_URL, attempts: process.env.GATEHOUSE_GITHUB_PUBLISH_ATTEMPTS };

beforeAll(async () => {
  data = await useDataDir();
  db = await testDatabase();
  (globalThis as { gatehouseDb?: Promise<Database> }).gatehouseDb = Promise.resolve(db);
  api = await startGithubApi();
  elsewhere = await startWebhookReceiver(() => ({ status: 200, headers: { "content-type": "application/json" } }));
  process.env.GATEHOUSE_GITHUB_API_URL = api.url;
  process.env.GATEHOUSE_GITHUB_PUBLISH_ATTEMPTS = "2";
});
afterAll(async () => {
  delete (globalThis as { gatehouseDb?: unknown }).gatehouseDb;
  if (saved.url === undefined) delete process.env.GATEHOUSE_GITHUB_API_URL;
  else process.env.GATEHOUSE_GITHUB_API_URL = saved.url;
  if (saved.attempts === undefined) delete process.env.GATEHOUSE_GITHUB_PUBLISH_ATTEMPTS;
  else process.env.GATEHOUSE_GITHUB_PUBLISH_ATTEMPTS = saved.attempts;
  await api.close();
  await elsewhere.close();
  await data.cleanup();
});

async function patchSettings(userId: string, params: { workspace: string; repositoryId: string }, body: unknown) {
  const { cookie } = await sessionCookie(db.prisma, userId);
  const res = await githubSettingsRoute.PATCH(
    new Request("http://localhost/api/x", { method: "PATCH", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify(body) }),
    { params: Promise.resolve(params) },
  );
  return { status: res.status, text: await res.text() };
}

describe("H4: a repository's GitHub token goes only to the configured GitHub API", { timeout: 240_000 }, () => {
  it("H4: a repository's settings cannot point the token at an arbitrary host", async () => {
    const { prisma } = db;
    const c = await connectPull(prisma, api, data.root);
    const params = { workspace: c.workspace.slug, repositoryId: c.repository.id };
    for (const key of ["apiBaseUrl", "baseUrl", "githubApiUrl", "host"]) {
      const answer = await patchSettings(c.owner.id, params, { token: "ghp_attackerchosen00000000000000", [key]: `${elsewhere.url("/api")}` });
      expect(answer.status).toBe(400);
      expect((JSON.parse(answer.text) as { detail: string }).detail).toContain(`not "${key}"`);
    }
    // The token that was set stays, and publishing still goes to the configured API only.
    expect((await prisma.repository.findUniqueOrThrow({ where: { id: c.repository.id } })).githubToken).toBe(c.token);
    await c.services.finalize({});
    await runPublishing(db);
    expect(api.checkRuns.filter((r) => r.head_sha === c.headSha)).toMatchObject([{ conclusion: "success" }]);
    expect(elsewhere.received).toHaveLength(0);
    // A member who is not an admin cannot change the token at all.
    const member = await createUser(prisma);
    await prisma.membership.create({ data: { workspaceId: c.workspace.id, userId: member.id, role: "member" } });
    expect((await patchSettings(member.id, params, { token: "ghp_attackerchosen00000000000000" })).status).toBe(403);
  });

  it("H4: a pagination link or a redirect to another host is refused unsent; the publish fails saying so", async () => {
    const { prisma } = db;
    // Pagination: GitHub's "next" link names another host.
    const paged = await connectPull(prisma, api, data.root);
    for (let i = 0; i < 101; i++) {
      api.checkRuns.push({
        id: 9_000_000 + i,
        repo: paged.fullName,
        name: "Gatehouse",
        head_sha: paged.headSha,
        status: "completed",
        conclusion: "success",
        external_id: `someone-else-${i}`,
        details_url: null,
        output: { title: null, summary: null, text: null },
        html_url: "",
      });
    }
    api.setLinkBase(elsewhere.url(""));
    try {
      await runPublishing(db);
    } finally {
      api.setLinkBase(null);
    }
    expect(await prisma.forgePublication.findUniqueOrThrow({ where: { pullRequestId: paged.pull.id } })).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/refused unsent: repository tokens go only to the GitHub API the operator configured/),
    });

    // Redirect: the API answers 307 to another host.
    const moved = await connectPull(prisma, api, data.root);
    await prisma.job.deleteMany({});
    api.failNext(1, { status: 307, headers: { location: `${elsewhere.url("")}/repos/${moved.fullName}/check-runs` } }, (_m, path) => path.includes(moved.fullName));
    await prisma.$transaction((tx) => requestPublish(tx, moved.pull.id));
    await runPublishing(db);
    expect(await prisma.forgePublication.findUniqueOrThrow({ where: { pullRequestId: moved.pull.id } })).toMatchObject({ status: "failed", error: expect.stringMatching(/refused unsent/) });
    expect(elsewhere.received).toHaveLength(0);

    // A redirect within the configured API is followed as GitHub's renamed-repository answers need.
    await prisma.job.deleteMany({});
    api.failNext(1, { status: 301, headers: { location: `${api.url}/repos/${moved.fullName}/commits/${moved.headSha}/check-runs?check_name=Gatehouse&filter=all&per_page=100` } }, (_m, path) => path.includes(moved.fullName));
    await prisma.$transaction((tx) => requestPublish(tx, moved.pull.id));
    await runPublishing(db);
    expect(await prisma.forgePublication.findUniqueOrThrow({ where: { pullRequestId: moved.pull.id } })).toMatchObject({ status: "published" });
    expect(elsewhere.received).toHaveLength(0);
  });
});
