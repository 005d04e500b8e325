/**
 * R9 and R12 on the embedded default, PGlite (one connection, no savepoints):
 * the webhook's snapshot of a pull request (a row lock inside the intake's
 * transaction), the job that makes the pull request match it, and a
 * credential's rate-limit hold and remembered refusal all write there too.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../lib/db/client";
import { checkRunsRefused, heldUntil, holdCredential, rememberCheckRunsRefused } from "../../lib/github/credential-state";
import { receiveGithubWebhook } from "../../lib/github/receive-github-webhook";
import { signPayload } from "../../lib/github/verify-signature";
import { createWorkspace } from "../support/factories";
import { pullDelivery } from "../support/github-deliveries";
import { checkout, commitFiles, drainJobs, makeRepo, sha, useDataDir } from "../support/reviews";

const SECRET = "pglite-webhook-secret";
let data: Awaited<ReturnType<typeof useDataDir>>;
let lite: Database;

beforeAll(async () => {
  data = await useDataDir();
  lite = await openDatabase({ url: null, dataDir: "memory://", migrate: true });
}, 240_000);
afterAll(async () => {
  await lite?.close();
  await data.cleanup();
});

describe("GitHub's order and limits on PGlite", { timeout: 300_000 }, () => {
  it("R9, R12: on PGlite, concurrent deliveries end at GitHub's newest state, and a credential's hold and refusal are kept", async () => {
    const { prisma } = lite;
    const workspace = await createWorkspace(prisma);
    const repoPath = await makeRepo(data.root, "pglite-order", { "src/a.ts": "export const a = 1;\n" });
    const mainSha = sha(repoPath, "main");
    checkout(repoPath, "feature", true);
    const h1 = await commitFiles(repoPath, { "src/a.ts": "export const a = 2;\n" }, "one");
    const h2 = await commitFiles(repoPath, { "src/a.ts": "export const a = 3;\n" }, "two");
    checkout(repoPath, "main");
    const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "widgets", path: repoPath, githubFullName: "acme/pglite", webhookSecret: SECRET } });
    const pull = (head: string, title: string) => ({ fullName: "acme/pglite", number: 5, title, head: { ref: "feature", sha: head }, base: { ref: "main", sha: mainSha } });
    const at = (s: number) => `2026-11-21T08:00:0${s}Z`;
    const life = [
      pullDelivery("opened", { ...pull(h1, "First"), updatedAt: at(1) }),
      pullDelivery("synchronize", { ...pull(h2, "First"), before: h1, updatedAt: at(2) }),
      pullDelivery("edited", { ...pull(h2, "Second"), changes: { title: { from: "First" } }, updatedAt: at(3) }),
      pullDelivery("closed", { ...pull(h2, "Second"), updatedAt: at(4) }),
    ];
    const answers = await Promise.all(
      [...life].reverse().map((payload) => {
        const body = JSON.stringify(payload);
        return receiveGithubWebhook(prisma, { event: "pull_request", contentType: "application/json", deliveryId: randomUUID(), signature: signPayload(body, SECRET), body: new TextEncoder().encode(body) });
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(["queued", "queued", "queued", "queued"]);
    expect((await drainJobs(lite, { kinds: ["review.github_pull"] })).errors).toEqual([]);
    expect(await prisma.pullRequest.findFirstOrThrow({ where: { repositoryId: repository.id, number: 5 } })).toMatchObject({ state: "closed", headSha: h2, title: "Second" });

    const soon = new Date(Date.now() + 60_000);
    await holdCredential(prisma, "installation:77", soon, "GitHub's rate limit (403)");
    await holdCredential(prisma, "installation:77", new Date(Date.now() + 1_000), "a shorter wait never shortens the hold");
    expect((await heldUntil(prisma, "installation:77"))?.getTime()).toBe(soon.getTime());
    await rememberCheckRunsRefused(prisma, "token:abc");
    expect(await checkRunsRefused(prisma, "token:abc")).toBe(true);
  });
});
