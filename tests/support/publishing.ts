/**
 * Support for the R12 tests: a GitHub-connected repository with a pull request
 * delivered as GitHub would (real git in a folder, the real "review.github_pull"
 * job), the local GitHub API told about its commits and diff, and a real queue
 * worker that runs the publish jobs — retries with backoff included — until
 * none is left.
 */
import { randomBytes } from "node:crypto";
import type { Database } from "../../lib/db/client";
import type { PrismaClient } from "../../lib/db/generated/client";
import { PUBLISH_JOB } from "../../lib/github/request-publish";
import { syncGithubPull } from "../../lib/pulls/sync-github-pull";
import { startWorker } from "../../lib/queue/run-worker";
import { jobHandlers } from "../../lib/runtime/job-handlers";
import { reviewServices } from "../../lib/runtime/review-services";
import { createUser, createWorkspace } from "./factories";
import type { GithubApi } from "./github-api-server";
import { checkout, commitFiles, makeRepo, sha } from "./reviews";

export const SOURCE = Array.from({ length: 30 }, (_, i) => `export const v${i} = ${i};`).join("\n") + "\n";

/**
 * A repository token GitHub lets write check runs: an installation token
 * (`ghs_`). A personal access token (`ghp_`, `newPersonalToken`) is refused
 * check runs with 403, as on GitHub.
 */
export function newToken(): string {
  return `ghs_${randomBytes(18).toString("hex")}`;
}

export function newPersonalToken(): string {
  return `ghp_${randomBytes(18).toString("hex")}`;
}

export interface Connected {
  owner: { id: string };
  workspace: { id: string; slug: string };
  actor: { workspaceId: string; userId: string; role: "owner" };
  repository: { id: string; githubFullName: string | null };
  repoPath: string;
  fullName: string;
  token: string | null;
  number: number;
  baseSha: string;
  headSha: string;
  pull: { id: string; headSha: string };
  roomId: string;
  services: ReturnType<typeof reviewServices>;
}

let numbers = 100;

/** A workspace whose repository is connected to the local GitHub API, with pull request #n opened by a delivery. */
/** `token: null` connects the repository without a token of its own (a GitHub App publishes, or nothing does). */
/** `baseFiles`: more files at the base (a `gatehouse.axes.json` declaring gates, R7). */
export async function connectPull(
  prisma: PrismaClient,
  api: GithubApi,
  root: string,
  options: { comments?: boolean; token?: string | null; baseFiles?: Record<string, string> } = {},
): Promise<Connected> {
  const owner = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
  const repoPath = await makeRepo(root, `repo-${workspace.slug}`, { "src/a.ts": SOURCE, ...options.baseFiles });
  const baseSha = sha(repoPath, "main");
  checkout(repoPath, "feature", true);
  const headSha = await commitFiles(repoPath, { "src/a.ts": SOURCE.replace("v3 = 3", "v3 = 33") }, "change v3");
  const fullName = `acme/${workspace.slug}`;
  const token = options.token === undefined ? newToken() : options.token;
  const number = numbers++;
  if (token) api.addRepository(fullName, token);
  api.addCommit(fullName, headSha);
  // The head side of the diff GitHub would allow comments on: the changed line and its context.
  api.addPull(fullName, number, { "src/a.ts": [1, 2, 3, 4, 5, 6, 7] });
  const repository = await prisma.repository.create({
    data: { workspaceId: workspace.id, name: "widgets", path: repoPath, githubFullName: fullName, githubToken: token, publishComments: options.comments ?? false },
  });
  await syncGithubPull(prisma, { repositoryId: repository.id, action: "opened", number, title: "Change v3", baseRef: "main", baseSha, headRef: "feature", headSha });
  const pull = await prisma.pullRequest.findFirstOrThrow({ where: { repositoryId: repository.id, number }, include: { room: true } });
  const services = reviewServices(prisma, { workspaceId: workspace.id, roomId: pull.room!.id, runId: null, conversationId: null, author: "agent:Test reviewer" });
  return {
    owner,
    workspace,
    actor: { workspaceId: workspace.id, userId: owner.id, role: "owner" },
    repository,
    repoPath,
    fullName,
    token,
    number,
    baseSha,
    headSha,
    pull,
    roomId: pull.room!.id,
    services,
  };
}

/** Pushes a commit to the pull request's branch and delivers it (synchronize); returns the new head. */
export async function pushTo(prisma: PrismaClient, api: GithubApi, c: Connected, files: Record<string, string>): Promise<string> {
  checkout(c.repoPath, "feature");
  const head = await commitFiles(c.repoPath, files, "push");
  api.addCommit(c.fullName, head);
  await syncGithubPull(prisma, { repositoryId: c.repository.id, action: "synchronize", number: c.number, title: "Change v3", baseRef: "main", baseSha: c.baseSha, headRef: "feature", headSha: head });
  return head;
}

/**
 * Runs the queue's publish jobs with a real worker until none is queued or
 * running. Other jobs (review runs, axes) are not this test's subject and are
 * removed first, so only publishing runs.
 */
export async function runPublishing(db: Database, timeoutMs = 90_000): Promise<void> {
  const { prisma } = db;
  await prisma.job.deleteMany({ where: { kind: { not: PUBLISH_JOB } } });
  const worker = await startWorker({ db, handlers: jobHandlers(db, { owner: "publish-test" }), pollMs: 20, leaseMs: 30_000 });
  try {
    const deadline = Date.now() + timeoutMs;
    while ((await prisma.job.count({ where: { kind: PUBLISH_JOB, status: { in: ["queued", "running"] } } })) > 0) {
      if (Date.now() > deadline) throw new Error("publishing did not settle in time");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await worker.stop();
  }
}

/** The room's publish events, oldest first. */
export async function publishEvents(prisma: PrismaClient, roomId: string) {
  const rows = await prisma.runEvent.findMany({ where: { roomId, type: { startsWith: "publish." } }, orderBy: { id: "asc" } });
  return rows.map((r) => ({ type: r.type, data: r.data as Record<string, unknown> }));
}
