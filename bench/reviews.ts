/**
 * Benchmarks for the pure review logic (R5, R8; "npm run bench"):
 *   (a) forming a verdict for 500 findings and 8 axes — target ≤ 50 ms
 *   (b) remapping 500 anchors across a 5,000-line push — target ≤ 200 ms
 * plus the offline reviewer over the same push, for context.
 * Input is synthetic but shaped like the real thing (seeded, so every run
 * measures the same work). Prints nothing and never throws on timing; the
 * caller prints the figures.
 */
import { performance } from "node:perf_hooks";
import { percentileOf, seededRandom, type BenchResult } from "./stats";
import { createTwoFilesPatch } from "diff";
import { formVerdict, type FormVerdictInput, type VerdictAxisResult, type VerdictFinding } from "../lib/reviews/form-verdict";
import { parseDiff } from "../lib/diff/parse-diff";
import { remapAnchors, type AnchorPosition } from "../lib/reviews/remap-anchors";
import { reviewDiff } from "../lib/reviews/offline/offline-reviewer";
import { FINDING_STATUSES, PRIORITIES } from "../lib/reviews/schemas";

export type { BenchResult } from "./stats";

/** Run the review benchmarks and return their figures. */
export async function benchReviews(): Promise<BenchResult[]> {
  const out: BenchResult[] = [];

  const verdictInput = syntheticVerdictInput(seededRandom(1));
  const verdictTimes = measure(400, 20, () => formVerdict(verdictInput));
  out.push(
    { name: "reviews: form verdict, 500 findings × 8 axes (p50)", value: pct(verdictTimes, 50), unit: "ms", target: "≤ 50 ms" },
    { name: "reviews: form verdict, 500 findings × 8 axes (p99)", value: pct(verdictTimes, 99), unit: "ms", target: "≤ 50 ms" },
  );

  const push = syntheticPush(seededRandom(2));
  const anchors = syntheticAnchors(seededRandom(3), push.files, push.linesPerFile);
  const remapTimes = measure(60, 5, () => remapAnchors(anchors, push.diff));
  const parsed = parseDiff(push.diff);
  const remapOnly = measure(60, 5, () => remapAnchors(anchors, parsed));
  out.push(
    { name: `reviews: remap 500 anchors, ${push.changedLines}-line push, parse included (p50)`, value: pct(remapTimes, 50), unit: "ms", target: "≤ 200 ms" },
    { name: `reviews: remap 500 anchors, ${push.changedLines}-line push, parse included (p99)`, value: pct(remapTimes, 99), unit: "ms", target: "≤ 200 ms" },
    { name: "reviews: remap 500 anchors, diff already parsed (p50)", value: pct(remapOnly, 50), unit: "ms" },
  );

  const reviewTimes = measure(20, 3, () => reviewDiff(parsed));
  out.push({ name: `reviews: offline reviewer over a ${push.changedLines}-line push (p50)`, value: pct(reviewTimes, 50), unit: "ms" });
  return out;
}

function syntheticVerdictInput(random: () => number): FormVerdictInput {
  const weighted = [0, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3];
  const findings: VerdictFinding[] = Array.from({ length: 500 }, (_, i) => ({
    id: `f${i}`,
    priority: PRIORITIES[weighted[Math.floor(random() * weighted.length)] ?? 3] ?? "P3",
    confidence: Math.round(random() * 100) / 100,
    title: `Finding ${i}: ${["unchecked input", "missing await", "leaked handle", "slow loop", "naming"][i % 5]} in module ${i % 37}`,
    status: FINDING_STATUSES[Math.floor(random() * 4)] ?? "open",
    outdated: random() < 0.2,
  }));
  const names = ["tests", "types", "lint", "security", "build", "e2e", "perf", "docs"];
  const axes = names.map((name, i) => ({ name, gated: i < 5 }));
  const statuses = ["pass", "pass", "pass", "fail", "could_not_run"] as const;
  const results: VerdictAxisResult[] = [];
  // Three heads' worth of history, two sources, and a few undeclared checks.
  for (const headSha of ["h1", "h2", "h3"]) {
    for (const axis of [...names, "codeql", "license"]) {
      for (const source of ["sandbox", "check_run"]) {
        results.push({ axis, headSha, source, status: statuses[Math.floor(random() * statuses.length)] ?? "pass", createdAt: Math.floor(random() * 1e6) });
      }
    }
  }
  return { findings, axes, results, confidenceThreshold: 0.5, headSha: "h3" };
}

/** 19 source files of 600 lines whose edits add up to a little over 5,000 changed lines. */
function syntheticPush(random: () => number) {
  const files = Array.from({ length: 19 }, (_, i) => `src/module-${i}/index.ts`);
  const linesPerFile = 600;
  let diff = "";
  for (const path of files) {
    const old = Array.from({ length: linesPerFile }, (_, i) => `  const v${i} = compute(${i}, "${path}"); // step ${i}`);
    const neu: string[] = [];
    old.forEach((line, i) => {
      const r = random();
      if (r < 0.12) neu.push(`  const v${i} = computeFaster(${i}); // rewritten`);
      else if (r < 0.18) return; // deleted
      else if (r < 0.26) neu.push(`  log("inserted before ${i}");`, `  assert(v${i - 1} !== undefined);`, line);
      else neu.push(line);
    });
    const patch = createTwoFilesPatch(`a/${path}`, `b/${path}`, `${old.join("\n")}\n`, `${neu.join("\n")}\n`, "", "", { context: 3 });
    diff += `diff --git a/${path} b/${path}\nindex 1111111..2222222 100644\n${patch.slice(patch.indexOf("--- "))}`;
  }
  const changedLines = parseDiff(diff).reduce((n, f) => n + f.additions + f.deletions, 0);
  return { diff, files, linesPerFile, changedLines };
}

function syntheticAnchors(random: () => number, files: string[], linesPerFile: number): AnchorPosition[] {
  return Array.from({ length: 500 }, () => {
    const startLine = 1 + Math.floor(random() * (linesPerFile - 5));
    return { file: files[Math.floor(random() * files.length)] ?? "src/a.ts", startLine, endLine: startLine + Math.floor(random() * 4) };
  });
}

/** Per-iteration wall time in ms, after a warm-up so the JIT has settled. */
function measure(iterations: number, warmup: number, fn: () => unknown): number[] {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return times;
}

/** Percentile rounded to 0.001 ms. */
function pct(times: number[], p: number): number {
  return Math.round(percentileOf(times, p) * 1000) / 1000;
}

