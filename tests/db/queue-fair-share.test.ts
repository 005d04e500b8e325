/**
 * Issue 22 items 2 and 7: the queue's capacity is shared fairly. Review work
 * has slots of its own in every worker, so a pull request is reviewed while
 * every general slot is held by long agent work; and of the due jobs a worker
 * takes the one whose workspace has the fewest running, so one workspace's
 * flood of long jobs does not make another's single job wait for all of it.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Database } from "../../lib/db/client";
import { receiveGithubWebhook } from "../../lib/github/receive-github-webhook";
import { signPayload } from "../../lib/github/verify-signature";
import { claimJob, completeJob } from "../../lib/queue/claim-job";
import { defineJob } from "../../lib/queue/define-job";
import { enqueueJob } from "../../lib/queue/enqueue-job";
import { startWorker } from "../../lib/queue/run-worker";
import { jobHandlers } from "../../lib/runtime/job-handlers";
import { testDatabase } from "../support/db";
import { createWorkspace } from "../support/factories";
import { checkout, commitFiles, makeRepo, sha, useDataDir } from "../support/reviews";

/** Jobs of this file only, declared as every job is (lib/queue/define-job.ts); each names the repository whose workspace it is work of. */
const onRepository = z.object({ repositoryId: z.string(), i: z.number().optional() });
const testLong = defineJob({ kind: "test.long", payload: onRepository, retry: { maxAttempts: 3 } });
const testOneCall = defineJob({ kind: "test.one-call", payload: onRepository, retry: { maxAttempts: 3 } });
const testA = defineJob({ kind: "test.a", payload: onRepository, retry: { maxAttempts: 3 } });
const testB = defineJob({ kind: "test.b", payload: onRepository, retry: { maxAttempts: 3 } });
const testAgentLong = defineJob({ kind: "test.agent-long", payload: onRepository, retry: { maxAttempts: 3 } });

const SECRET = "fair-share-secret";
let data: Awaited<ReturnType<typeof useDataDir>>;
let db: Database;

beforeAll(async () => {
  data = await useDataDir();
  db = await testDatabase();
});
afterAll(() => data.cleanup());

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A workspace with a repository row, so jobs naming that repository are the workspace's work. */
async function workspaceWithRepository(name: string) {
  const workspace = await createWorkspace(db.prisma);
  const repository = await db.prisma.repository.create({ data: { workspaceId: workspace.id, name, path: `/nonexistent/${name}-${randomUUID()}` } });
  return { workspace, repository };
}

/** Long general work that holds its slot until released. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe("fair share of the queue", () => {
  it("issue 22 item 7: workspace A floods the queue with long jobs; workspace B's single job is claimed before A's backlog", async () => {
    await db.prisma.job.deleteMany({});
    const a = await workspaceWithRepository("flood");
    const b = await workspaceWithRepository("quiet");
    for (let i = 0; i < 12; i++) await enqueueJob(db.prisma, testLong.job({ repositoryId: a.repository.id, i }));
    const jobs = await db.prisma.job.findMany({ select: { workspaceId: true, lane: true } });
    expect(jobs.every((j) => j.workspaceId === a.workspace.id && j.lane === "general")).toBe(true);

    const release = gate();
    const finished: string[] = [];
    const worker = await startWorker({
      db,
      workerId: "fair-share",
      concurrency: 2,
      reviewSlots: 0,
      pollMs: 200,
      handlers: {
        "test.long": async (payload) => {
          await release.opened;
          // Long throughout: A always has work running when a slot frees.
          await new Promise((resolve) => setTimeout(resolve, 300));
          finished.push(`A${String(payload.i)}`);
        },
        "test.one-call": async () => {
          finished.push("B");
        },
      },
    });
    try {
      // Both slots hold A's work; then B asks for one quick job, queued behind A's ten others.
      await waitFor("A's jobs to hold both slots", async () => (await db.prisma.job.count({ where: { status: "running" } })) === 2);
      await enqueueJob(db.prisma, testOneCall.job({ repositoryId: b.repository.id }));
      // A's first two finish; the next slot goes to B (no job of B's running) though ten of A's are older.
      release.open();
      await waitFor("B's job to finish", async () => finished.includes("B"));
      expect(finished.indexOf("B")).toBeLessThanOrEqual(3);
      await waitFor("A's backlog to drain", async () => finished.length === 13);
    } finally {
      release.open();
      await worker.stop();
    }
  });

  it("issue 22 item 7: between two due jobs, the one of the workspace with fewer jobs running is claimed first, whatever their age", async () => {
    await db.prisma.job.deleteMany({});
    const a = await workspaceWithRepository("busy");
    const b = await workspaceWithRepository("idle");
    for (let i = 0; i < 4; i++) await enqueueJob(db.prisma, testA.job({ repositoryId: a.repository.id, i }));
    const first = await claimJob(db.prisma, "w", 60_000);
    expect(first?.payload).toMatchObject({ i: 0 });
    await enqueueJob(db.prisma, testB.job({ repositoryId: b.repository.id }));
    const second = await claimJob(db.prisma, "w", 60_000);
    expect(second?.kind).toBe("test.b");
    // With one running each, age decides again.
    const third = await claimJob(db.prisma, "w", 60_000);
    expect(third?.payload).toMatchObject({ i: 1 });
    for (const job of [first, second, third]) await completeJob(db.prisma, job!.id, "w");
  });

  it("issue 22 item 2: with every general slot held by long agent work, a pull request's delivery is still reviewed to a verdict", async () => {
    await db.prisma.job.deleteMany({});
    const workspace = await createWorkspace(db.prisma);
    const repo = await makeRepo(data.root, "lane-repo", { "README.md": "# lanes\n", "src/base.js": "export const base = 1;\n" });
    const repository = await db.prisma.repository.create({ data: { workspaceId: workspace.id, name: "lanes", path: repo, githubFullName: "lanes/repo", webhookSecret: SECRET } });
    const mainSha = sha(repo, "main");
    checkout(repo, "feature", true);
    const head = await commitFiles(repo, { "src/feature.js": 'export const key = "AKIAZ7QW3RT5YU8IOP2L";\n' }, "feature");
    checkout(repo, "main");

    const release = gate();
    const owner = "lanes-worker";
    const worker = await startWorker({
      db,
      workerId: owner,
      concurrency: 2,
      reviewSlots: 1,
      pollMs: 200,
      handlers: { ...jobHandlers(db, { owner }), "test.agent-long": () => release.opened },
    });
    try {
      for (let i = 0; i < 4; i++) await enqueueJob(db.prisma, testAgentLong.job({ repositoryId: repository.id, i }));
      await waitFor("long work to hold every general slot", async () => (await db.prisma.job.count({ where: { kind: "test.agent-long", status: "running" } })) === 2);

      const body = JSON.stringify({
        action: "opened",
        number: 1,
        pull_request: { title: "Lanes", head: { ref: "feature", sha: head }, base: { ref: "main", sha: mainSha }, updated_at: new Date().toISOString() },
        repository: { full_name: "lanes/repo" },
      });
      await receiveGithubWebhook(db.prisma, { event: "pull_request", deliveryId: randomUUID(), signature: signPayload(body, SECRET), body: new TextEncoder().encode(body), contentType: "application/json" });
      const review = await waitFor("a verdict for the head", async () => {
        const pull = await db.prisma.pullRequest.findFirst({ where: { repositoryId: repository.id, number: 1 } });
        return pull ? db.prisma.review.findFirst({ where: { pullRequestId: pull.id, headSha: head } }) : null;
      });
      expect(review.verdict).toBe("block");
      // The long work never let go of its slots, and the rest of it still waits.
      expect(await db.prisma.job.count({ where: { kind: "test.agent-long", status: "running" } })).toBe(2);
      expect(await db.prisma.job.count({ where: { kind: "test.agent-long", status: "queued" } })).toBe(2);
      const reviewJobs = await db.prisma.job.findMany({ where: { kind: { not: "test.agent-long" } }, select: { kind: true, lane: true, workspaceId: true } });
      expect(reviewJobs.length).toBeGreaterThan(0);
      expect(reviewJobs.filter((j) => j.kind === "run.advance" || j.kind.startsWith("review.")).every((j) => j.lane === "review" && j.workspaceId === workspace.id)).toBe(true);
    } finally {
      release.open();
      await worker.stop();
    }
  });
});
