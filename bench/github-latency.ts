/**
 * R9, R12 as people feel them ("npm run bench -- latency"): a signed GitHub
 * pull_request delivery posted over HTTP to the real webhook route → the
 * first verdict for its head, and → the verdict with every gated axis
 * (what the check run's conclusion waits for), with a real queue worker in the
 * same process as the route (as `next start` runs it), on PostgreSQL, real git
 * and the real sandbox. Beside it, in the same run, the floor: a no-op
 * request through the same route (GitHub's `ping`, answered without touching
 * the database). Both are measured on the quiet machine and again under a
 * fixed synthetic load — a child process spinning on one core — so a figure
 * reads as a ratio to its floor, not as an absolute that drifts with the
 * shared machine.
 */
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { z } from "zod";
import { POST as webhook } from "../app/api/webhooks/github/route";
import { openDatabase, type Database } from "../lib/db/client";
import { signPayload } from "../lib/github/verify-signature";
import { defineJob } from "../lib/queue/define-job";
import { enqueueJob } from "../lib/queue/enqueue-job";
import { startWorker } from "../lib/queue/run-worker";
import { jobHandlers } from "../lib/runtime/job-handlers";
import { createWorkspace } from "../tests/support/factories";
import { checkout, commitFiles, makeRepo, sha, useDataDir } from "../tests/support/reviews";
import { percentileOf, type BenchResult } from "./stats";
import { createBenchDatabase } from "./fresh-database";
import { withOneCoreSpinning } from "./spin-core";

/** Long general work that holds the agent slots while a review comes in. */
const benchAgentLong = defineJob({ kind: "bench.agent-long", payload: z.object({ i: z.number() }), retry: { maxAttempts: 1 } });

const ROUNDS = 6;
const PINGS_PER_ROUND = 5;
const SECRET = "bench-latency-secret";
/** the worker's general slots (the default), beside its one review slot */
const CONCURRENCY = 4;

export async function benchGithubLatency(): Promise<BenchResult[]> {
  const fresh = await createBenchDatabase("latency");
  const data = await useDataDir();
  const db = await openDatabase({ url: fresh.url, migrate: true });
  (globalThis as { gatehouseDb?: Promise<Database> }).gatehouseDb = Promise.resolve(db);
  // Long agent work for the third phase: holds a general slot until released.
  let releaseLong: () => void = () => undefined;
  const longHeld = new Promise<void>((resolve) => (releaseLong = resolve));
  const worker = await startWorker({ db, concurrency: CONCURRENCY, handlers: { ...jobHandlers(db, { owner: "bench-latency" }), "bench.agent-long": () => longHeld }, pollMs: 1_000 });
  const server = await serve();
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const { prisma } = db;
    const workspace = await createWorkspace(prisma);
    const axes = { axes: [{ name: "syntax", command: "node --check src/base.js", gated: true }, { name: "files", command: "test -f README.md", gated: true }] };
    const repo = await makeRepo(data.root, "latency-repo", { "README.md": "# bench\n", "src/base.js": "export const base = 1;\n", "gatehouse.axes.json": JSON.stringify(axes) });
    const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "latency", path: repo, githubFullName: "bench/latency", webhookSecret: SECRET } });
    const mainSha = sha(repo, "main");
    let number = 0;

    const phase = async () => {
      // The shared machine's own load, so "quiet" is read for what it was.
      const load = loadavg()[0]!;
      const first: number[] = [];
      const gated: number[] = [];
      const noop: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        number += 1;
        const branch = `latency-${number}`;
        checkout(repo, "main");
        checkout(repo, branch, true);
        const head = await commitFiles(repo, { [`src/mod${number}.js`]: lines(300, number) }, "300 lines");
        checkout(repo, "main");
        for (let i = 0; i < PINGS_PER_ROUND; i++) noop.push(await ping(origin));
        const times = await deliverAndWait(db, origin, repository.id, { number, branch, head, mainSha });
        first.push(times.first);
        gated.push(times.gated);
      }
      return { first, gated, noop, load };
    };

    const quiet = await phase();
    const loaded = await withOneCoreSpinning(() => phase());
    // Every general slot held by long agent work: the review has slots of its own.
    for (let i = 0; i < CONCURRENCY + 2; i++) await enqueueJob(prisma, benchAgentLong.job({ i }));
    let held: Awaited<ReturnType<typeof phase>>;
    try {
      const deadline = Date.now() + 30_000;
      while ((await prisma.job.count({ where: { kind: "bench.agent-long", status: "running" } })) < CONCURRENCY) {
        if (Date.now() > deadline) throw new Error("the long work never held every general slot");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      held = await phase();
      if ((await prisma.job.count({ where: { kind: "bench.agent-long", status: "running" } })) !== CONCURRENCY) throw new Error("the long work let go of its slots during the phase");
    } finally {
      releaseLong();
    }
    const p = (xs: number[], q: number) => percentileOf(xs, q);
    const rows = (label: string, r: typeof quiet): BenchResult[] => [
      { name: `${label}: the machine's load average (1 min) as the phase began`, value: r.load, unit: "" },
      { name: `${label}: delivery → first verdict p50 / p99 (of ${ROUNDS})`, value: p(r.first, 50), unit: `ms / ${Math.round(p(r.first, 99))} ms` },
      { name: `${label}: delivery → verdict with both gated axes p50 / p99`, value: p(r.gated, 50), unit: `ms / ${Math.round(p(r.gated, 99))} ms` },
      { name: `${label}: no-op request (ping through the same route) p50 / p99`, value: p(r.noop, 50), unit: `ms / ${p(r.noop, 99).toFixed(1)} ms` },
      { name: `${label}: delivery → first verdict ÷ no-op, p50`, value: p(r.first, 50) / p(r.noop, 50), unit: "×" },
    ];
    return [
      ...rows("quiet", quiet),
      ...rows("one core spinning", loaded),
      { name: "under load ÷ quiet, delivery → first verdict p50", value: p(loaded.first, 50) / p(quiet.first, 50), unit: "×", target: "≤ 3×" },
      ...rows(`${CONCURRENCY} general slots held by long work`, held),
      { name: "general slots held ÷ quiet, delivery → first verdict p50", value: p(held.first, 50) / p(quiet.first, 50), unit: "×", target: "≤ 3×" },
    ];
  } finally {
    await worker.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    delete (globalThis as { gatehouseDb?: unknown }).gatehouseDb;
    await db.close();
    await data.cleanup();
    await fresh.drop();
  }
}

/** The webhook route behind a real HTTP server, with raw bodies and headers as Next hands them over. */
async function serve(): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const answer = await webhook(new Request(`http://localhost${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) }));
      res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" });
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

async function post(origin: string, event: string, body: string): Promise<Response> {
  return fetch(`${origin}/api/webhooks/github`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-github-event": event, "x-github-delivery": randomUUID(), "x-hub-signature-256": signPayload(body, SECRET) },
    body,
  });
}

/** GitHub's ping: verified nowhere, written nowhere — the route's floor. */
async function ping(origin: string): Promise<number> {
  const started = performance.now();
  const answer = await post(origin, "ping", JSON.stringify({ zen: "Keep it logically awesome.", hook_id: 1 }));
  await answer.arrayBuffer();
  if (answer.status !== 202) throw new Error(`ping answered ${answer.status}`);
  return performance.now() - started;
}

/** One opened delivery; the times until the head's first verdict and until a verdict with every gated axis. */
async function deliverAndWait(db: Database, origin: string, repositoryId: string, pr: { number: number; branch: string; head: string; mainSha: string }): Promise<{ first: number; gated: number }> {
  const body = JSON.stringify({
    action: "opened",
    number: pr.number,
    pull_request: { title: `Latency ${pr.number}`, state: "open", head: { ref: pr.branch, sha: pr.head }, base: { ref: "main", sha: pr.mainSha }, updated_at: new Date().toISOString() },
    repository: { full_name: "bench/latency" },
  });
  const started = performance.now();
  const answer = await post(origin, "pull_request", body);
  if (answer.status !== 202) throw new Error(`the delivery answered ${answer.status}: ${await answer.text()}`);
  let first: number | null = null;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const reviews = await db.prisma.review.findMany({ where: { pullRequest: { repositoryId, number: pr.number }, headSha: pr.head }, select: { explanation: true } });
    if (reviews.length > 0) {
      first ??= performance.now() - started;
      const done = reviews.some((r) => ((r.explanation as { axisTable?: { gated: boolean; status: string }[] }).axisTable ?? []).every((row) => !row.gated || row.status !== "missing"));
      if (done) return { first, gated: performance.now() - started };
    }
    if (Date.now() > deadline) throw new Error(`no verdict with its gated axes for #${pr.number} within 2 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** 300 plain lines of source with a console.log and a TODO, so the reviewer has something to say. */
function lines(n: number, seed: number): string {
  return Array.from({ length: n }, (_, i) => (i === 10 ? `console.log("v${seed}");` : i === 20 ? `// TODO: tune ${seed}` : `export const v${seed}_${i} = ${i * seed};`)).join("\n") + "\n";
}
