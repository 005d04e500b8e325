/**
 * R9–R11 end to end ("npm run bench -- delivery"): a GitHub pull_request
 * delivery → the verdict for a 300-line pull request, reviewed by the built-in
 * reviewer with two quick gated axes, on PostgreSQL, real git and the real
 * sandbox — then a push (synchronize) → the re-review's verdict. Jobs run one
 * at a time with the worker's own handlers (a worker runs the axes and the
 * review side by side, so this is an upper bound), and the time of each job
 * kind is reported, so the figure says where the time goes. Targets ≤ 2 s.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { openDatabase, type Database } from "../lib/db/client";
import { receiveGithubWebhook } from "../lib/github/receive-github-webhook";
import { signPayload } from "../lib/github/verify-signature";
import { claimJob, completeJob } from "../lib/queue/claim-job";
import { gitSync } from "../lib/repos/git.test-support";
import { jobHandlers } from "../lib/runtime/job-handlers";
import { createWorkspace } from "../tests/support/factories";
import { checkout, commitFiles, makeRepo, sha, useDataDir } from "../tests/support/reviews";
import { percentile, type BenchResult } from "./stats";

const ROUNDS = 5;
const SECRET = "bench-secret";

export async function benchReviewDelivery(): Promise<BenchResult[]> {
  const admin = process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const name = `gatehouse_bench_delivery_${Date.now()}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const data = await useDataDir();
  const db = await openDatabase({ url: url.toString(), migrate: true });
  try {
    const { prisma } = db;
    const workspace = await createWorkspace(prisma);
    const axes = { axes: [{ name: "syntax", command: "node --check src/base.js", gated: true }, { name: "files", command: "test -f README.md", gated: true }] };
    const repo = await makeRepo(data.root, "bench-repo", { "README.md": "# bench\n", "src/base.js": "export const base = 1;\n", "gatehouse.axes.json": JSON.stringify(axes) });
    const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "bench", path: repo, githubFullName: "bench/repo", webhookSecret: SECRET } });
    const mainSha = sha(repo, "main");

    const first: number[] = [];
    const again: number[] = [];
    const byKind = new Map<string, number[]>();
    for (let round = 1; round <= ROUNDS; round++) {
      const branch = `feature-${round}`;
      checkout(repo, "main");
      checkout(repo, branch, true);
      const head = await commitFiles(repo, { [`src/mod${round}.js`]: lines(300, round) }, "300 lines");
      checkout(repo, "main");
      first.push(await deliverAndReview(db, repository.id, { action: "opened", number: round, branch, head, mainSha }, byKind));

      checkout(repo, branch);
      const pushed = await commitFiles(repo, { [`src/mod${round}.js`]: lines(300, round + 100) }, "push");
      checkout(repo, "main");
      again.push(await deliverAndReview(db, repository.id, { action: "synchronize", number: round, branch, head: pushed, mainSha }, byKind));
    }
    gitSync(repo, ["checkout", "-q", "main"]);
    const p50 = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
    const rounds = ROUNDS * 2;
    return [
      { name: `delivery → verdict, 300-line PR, built-in reviewer + 2 quick axes (p50 of ${ROUNDS})`, value: p50(first), unit: "ms", target: "≤ 2,000 ms" },
      { name: `push (synchronize) → re-review's verdict (p50 of ${ROUNDS})`, value: p50(again), unit: "ms", target: "≤ 2,000 ms" },
      ...[...byKind.entries()].map(([kind, times]): BenchResult => ({ name: `  where the time goes: ${kind}, mean per delivery`, value: times.reduce((a, b) => a + b, 0) / rounds, unit: "ms" })),
    ];
  } finally {
    await db.close();
    await data.cleanup();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await client.end();
  }
}

/** One signed delivery, then every queued job until the head has a verdict; returns the wall time. */
export async function deliverAndReview(db: Database, repositoryId: string, pr: { action: string; number: number; branch: string; head: string; mainSha: string }, byKind: Map<string, number[]>): Promise<number> {
  const body = JSON.stringify({
    action: pr.action,
    number: pr.number,
    pull_request: { title: `Bench ${pr.number}`, head: { ref: pr.branch, sha: pr.head }, base: { ref: "main", sha: pr.mainSha }, updated_at: new Date().toISOString() },
    repository: { full_name: "bench/repo" },
  });
  const started = performance.now();
  const add = (kind: string, ms: number) => byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
  await receiveGithubWebhook(db.prisma, { event: "pull_request", deliveryId: randomUUID(), signature: signPayload(body, SECRET), body: new TextEncoder().encode(body), contentType: "application/json" });
  add("webhook intake (verify, dedupe, queue)", performance.now() - started);
  const handlers = jobHandlers(db, { owner: "bench" });
  for (let i = 0; i < 200; i++) {
    const job = await claimJob(db.prisma, "bench", 60_000);
    if (!job) break;
    const t = performance.now();
    await handlers[job.kind]!(job.payload, job);
    await completeJob(db.prisma, job.id, "bench");
    add(job.kind, performance.now() - t);
  }
  const elapsed = performance.now() - started;
  const pull = await db.prisma.pullRequest.findFirstOrThrow({ where: { repositoryId, number: pr.number } });
  const review = await db.prisma.review.findFirst({ where: { pullRequestId: pull.id, headSha: pr.head } });
  if (!review) throw new Error(`no verdict for #${pr.number} at ${pr.head.slice(0, 7)}`);
  return elapsed;
}

/** 300 plain lines of source with a console.log and a TODO, so the reviewer has something to say. */
function lines(n: number, seed: number): string {
  return Array.from({ length: n }, (_, i) => (i === 10 ? `console.log("v${seed}");` : i === 20 ? `// TODO: tune ${seed}` : `export const v${seed}_${i} = ${i * seed};`)).join("\n") + "\n";
}
