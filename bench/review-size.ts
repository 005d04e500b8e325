/**
 * R11 and review cost by diff size ("npm run bench -- size"): the same GitHub
 * delivery → verdict path as bench/review-delivery.ts, for a pull request of
 * 1,000 and of 20,000 changed lines (~180 characters a line, so the larger
 * diff is ~3.6 MB and travels in ~76 pieces), on PostgreSQL, real git and the
 * sandbox. Each size plants an AWS key in the LAST file; a review that did not
 * read the whole diff would miss it, and the bench fails instead of printing
 * a figure for work that did not happen. The per-line cost ratio says whether
 * the cost is linear (≈ 1×) in the diff's size. Measured quiet and again with
 * one core spinning.
 */
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { openDatabase } from "../lib/db/client";
import { createWorkspace } from "../tests/support/factories";
import { checkout, commitFiles, makeRepo, sha, useDataDir } from "../tests/support/reviews";
import { deliverAndReview } from "./review-delivery";
import type { BenchResult } from "./stats";
import { createBenchDatabase } from "./fresh-database";
import { withOneCoreSpinning } from "./spin-core";

const SIZES = [1_000, 20_000];
const LINES_PER_FILE = 500;
const SECRET = "bench-secret";
const PLANTED = "AKIAZ7QW3RT5YU8IOP2L";

export async function benchReviewSize(): Promise<BenchResult[]> {
  const fresh = await createBenchDatabase("review_size");
  const data = await useDataDir();
  const db = await openDatabase({ url: fresh.url, migrate: true });
  try {
    const { prisma } = db;
    const workspace = await createWorkspace(prisma);
    const repo = await makeRepo(data.root, "size-repo", { "README.md": "# size\n" });
    const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "size", path: repo, githubFullName: "bench/repo", webhookSecret: SECRET } });
    const mainSha = sha(repo, "main");
    const out: BenchResult[] = [];
    const phase = async (label: string, round: number) => {
      const load = loadavg()[0]!;
      const perLine: number[] = [];
      const walls: number[] = [];
      out.push({ name: `${label}: the machine's load average (1 min) as the phase began`, value: load, unit: "" });
      for (const [i, size] of SIZES.entries()) {
        const seed = round * 10 + i;
        const branch = `size-${seed}`;
        checkout(repo, "main");
        checkout(repo, branch, true);
        const head = await commitFiles(repo, files(size, seed), `${size} lines`);
        checkout(repo, "main");
        const cpu0 = process.cpuUsage();
        const t0 = performance.now();
        const byKind = new Map<string, number[]>();
        await deliverAndReview(db, repository.id, { action: "opened", number: seed + 1, branch, head, mainSha }, byKind);
        const wall = performance.now() - t0;
        const cpu = process.cpuUsage(cpu0);
        const pull = await prisma.pullRequest.findFirstOrThrow({ where: { repositoryId: repository.id, number: seed + 1 } });
        const findings = await prisma.finding.findMany({ where: { pullRequestId: pull.id }, select: { title: true, file: true } });
        const lastFile = `src/size${seed}/part-${String(Math.ceil(size / LINES_PER_FILE) - 1).padStart(3, "0")}.js`;
        if (!findings.some((f) => /AWS access key/.test(f.title) && f.file === lastFile)) {
          throw new Error(`the ${size}-line review did not find the key planted in its last file (${findings.length} findings)`);
        }
        // The review run itself (its turns, each a "run.advance" job): opening the pull request and the axes cost the same at any size.
        const review = (byKind.get("run.advance") ?? []).reduce((a, b) => a + b, 0);
        perLine.push(review / size);
        walls.push(wall);
        out.push(
          { name: `${label}: delivery → verdict, ${size.toLocaleString("en")} changed lines, key in the last file found`, value: Math.round(wall), unit: "ms", target: size >= 20_000 ? "≤ 10,000 ms" : undefined },
          { name: `  the review run's turns of it`, value: Math.round(review), unit: "ms" },
          { name: `  worker CPU of it (this process; git and the sandbox not counted)`, value: Math.round((cpu.user + cpu.system) / 1000), unit: "ms" },
        );
      }
      out.push({ name: `${label}: the review run's per-line cost, ${SIZES[1]!.toLocaleString("en")} ÷ ${SIZES[0]!.toLocaleString("en")} lines (1× is linear)`, value: Math.round((perLine[1]! / perLine[0]!) * 100) / 100, unit: "×", target: "≤ 1.5×" });
      return walls[1]!;
    };
    const quiet = await phase("quiet", 0);
    const loaded = await withOneCoreSpinning(() => phase("one core spinning", 1));
    out.push({ name: `under load ÷ quiet, ${SIZES[1]!.toLocaleString("en")} changed lines delivery → verdict`, value: Math.round((loaded / quiet) * 100) / 100, unit: "×", target: "≤ 3×" });
    return out;
  } finally {
    await db.close();
    await data.cleanup();
    await fresh.drop();
  }
}

/** `size` added lines of ~180 characters in files of LINES_PER_FILE; the last file's last line holds a key. */
function files(size: number, seed: number): Record<string, string> {
  const out: Record<string, string> = {};
  const count = Math.ceil(size / LINES_PER_FILE);
  for (let f = 0; f < count; f++) {
    const lines = Array.from({ length: Math.min(LINES_PER_FILE, size - f * LINES_PER_FILE) }, (_, i) => `export const value_${seed}_${f}_${i} = compute(${i}, "a plausible string literal of some length for module ${f}", { retries: ${i % 7}, label: "line ${i}" });`);
    if (f === count - 1) lines[lines.length - 1] = `const awsKey = "${PLANTED}";`;
    out[`src/size${seed}/part-${String(f).padStart(3, "0")}.js`] = `${lines.join("\n")}\n`;
  }
  return out;
}
