/**
 * R12 ("npm run bench -- publish"): how long publishing a verdict back to GitHub
 * takes per verdict, with the real Octokit client against the local server that
 * speaks GitHub's REST API (tests/support/github-api-server.ts), on PostgreSQL
 * and a pull request delivered from real git. Two figures: a head's first
 * publish (look for an existing check run, create it, post a review comment)
 * and a re-formed verdict's after a person dismisses the finding (update the
 * check run, edit the comment). The local server
 * answers in well under a millisecond, so this is Gatehouse's own cost per
 * verdict; GitHub's latency comes on top. No target: it is context.
 */
import { performance } from "node:perf_hooks";
import { openDatabase } from "../lib/db/client";
import { PUBLISH_JOB } from "../lib/github/request-publish";
import { changeFindingStatus } from "../lib/reviews/change-finding-status";
import { claimJob, completeJob } from "../lib/queue/claim-job";
import { jobHandlers } from "../lib/runtime/job-handlers";
import { startGithubApi } from "../tests/support/github-api-server";
import { connectPull } from "../tests/support/publishing";
import { useDataDir } from "../tests/support/reviews";
import { withFreshDatabase } from "./fresh-database";
import { percentile, type BenchResult } from "./stats";

const ROUNDS = 15;

export function benchPublish(): Promise<BenchResult[]> {
  return withFreshDatabase("publish", async (databaseUrl) => {
    const data = await useDataDir();
    const api = await startGithubApi();
    const previous = process.env.GATEHOUSE_GITHUB_API_URL;
    process.env.GATEHOUSE_GITHUB_API_URL = api.url;
    const db = await openDatabase({ url: databaseUrl, migrate: false });
    try {
      const { prisma } = db;
      const handlers = jobHandlers(db, { owner: "bench" });
      /** Runs the queued publish job (other jobs are not this figure's subject); returns its time. */
      const publish = async () => {
        await prisma.job.deleteMany({ where: { kind: { not: PUBLISH_JOB } } });
        const job = await claimJob(prisma, "bench", 60_000);
        if (!job) throw new Error("no publish job was queued");
        const started = performance.now();
        await handlers[job.kind]!(job.payload, job);
        const elapsed = performance.now() - started;
        await completeJob(prisma, job.id, "bench");
        return elapsed;
      };
      const first: number[] = [];
      const again: number[] = [];
      const calls = { first: 0, again: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        const c = await connectPull(prisma, api, data.root, { comments: true });
        await prisma.job.deleteMany({});
        const added = (await c.services.addNode({ kind: "bug", priority: "P1", confidence: 0.9, title: "Magic number", body: "33 looks like a typo.", anchor: { file: "src/a.ts", startLine: 4, endLine: 4 } })) as { findingId: string };
        await c.services.finalize({});
        let before = api.requests.length;
        first.push(await publish());
        calls.first += api.requests.length - before;
        // A person dismisses the finding: the verdict is re-formed (hold → ship) and its comment says so.
        await changeFindingStatus(prisma, c.actor, { pullRequestId: c.pull.id, findingId: added.findingId }, { action: "dismiss", reason: "intended" });
        before = api.requests.length;
        again.push(await publish());
        calls.again += api.requests.length - before;
      }
      const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
      return [
        { name: `publish: a head's first verdict → check run created + 1 review comment (p50 of ${ROUNDS})`, value: percentile(sorted(first), 50), unit: "ms" },
        { name: `publish: a head's first verdict (p99 of ${ROUNDS})`, value: percentile(sorted(first), 99), unit: "ms" },
        { name: `publish: re-formed verdict → check run updated + comment edited (p50 of ${ROUNDS})`, value: percentile(sorted(again), 50), unit: "ms" },
        { name: "publish: GitHub API calls per first publish (find, create, list comments, post)", value: calls.first / ROUNDS, unit: "calls" },
        { name: "publish: GitHub API calls per re-publish (update check run, edit comment)", value: calls.again / ROUNDS, unit: "calls" },
      ];
    } finally {
      await db.close();
      if (previous === undefined) delete process.env.GATEHOUSE_GITHUB_API_URL;
      else process.env.GATEHOUSE_GITHUB_API_URL = previous;
      await api.close();
      await data.cleanup();
    }
  });
}
