/**
 * `npm run bench`: prints every benchmark's figures beside its target. It never
 * fails on timing — speed is measured here, not asserted in tests.
 * Sections: gate (M4), traces, sandbox (H1), file tools (H2), host-side git (H6), plans (P2, G4), pipelines (S2, O5), reviews (R5, R8), publishing (R12), web (needs
 * `npm run build` and PostgreSQL), idle memory, the first page in dev, review room, long-lived rooms and worker CPU. `npm run bench -- web` runs one section.
 */
import { benchDeclaredModes } from "./declared-modes";
import { benchDevFirstPage } from "./dev-first-page";
import { benchFairShare } from "./fair-share";
import { benchFileTools } from "./file-tools";
import { benchGate } from "./gate";
import { benchGithubLatency } from "./github-latency";
import { benchHostGit } from "./host-git";
import { benchHosts } from "./hosts";
import { benchIdleMemory } from "./idle-memory";
import { benchPaths } from "./paths";
import { benchPipeline } from "./pipeline";
import { benchPlans } from "./plans";
import { benchPolicySave } from "./policy-save";
import { benchPublish } from "./publish";
import { benchReviewRoom } from "./review-room";
import { benchReviews } from "./reviews";
import { benchReviewDelivery } from "./review-delivery";
import { benchReviewSize } from "./review-size";
import { benchRoomHistory } from "./room-history";
import { benchSandbox } from "./sandbox";
import type { BenchResult } from "./stats";
import { benchTraces } from "./traces";
import { benchWeb } from "./web";
import { benchWorkerCpu } from "./worker-cpu";

const sections: [string, () => Promise<BenchResult[]>][] = [
  ["Gate and harness (M4)", benchGate],
  ["Traces: tool-call overhead with tracing off and on", benchTraces],
  ["Declared modes (X1–X3, G7)", benchDeclaredModes],
  ["Policy edits move rooms, PostgreSQL (G8)", benchPolicySave],
  ["Sandbox start-up (H1)", benchSandbox],
  ["File tools, race-free path confinement (H2)", benchFileTools],
  ["Host-side git never walks a worktree: git_commit and the changes page (H6)", benchHostGit],
  ["Plans (P2, G4)", benchPlans],
  ["Pipelines (S2, O5)", benchPipeline],
  ["Reviews (R5, R8)", benchReviews],
  ["Review delivery → verdict on PostgreSQL, real git and sandbox (R9–R11)", benchReviewDelivery],
  ["Review cost by diff size: 1,000 vs 20,000 changed lines, whole diff read (R11)", benchReviewSize],
  ["Publish a verdict to GitHub, real Octokit against a local GitHub API (R12)", benchPublish],
  ["GitHub delivery latency beside a no-op request, quiet and with one core spinning (R9, R12)", benchGithubLatency],
  ["Web, production build on PostgreSQL", benchWeb],
  ["Idle memory of the production server on PostgreSQL and PGlite, beside a bare Next.js server", benchIdleMemory],
  ["First page after npm run dev, cold, beside a bare Next.js dev server", benchDevFirstPage],
  ["Review room in Chromium, production build", benchReviewRoom],
  ["Long-lived rooms in Chromium, production build", benchRoomHistory],
  ["Worker CPU per scripted run", benchWorkerCpu],
  ["Fair share: a noisy neighbour beside a quiet one, quiet and with one core spinning", benchFairShare],
  ["Every path held: Claude Code gate and sub-agents (T4, A6)", benchPaths],
  ["Worker hosts: runs/s on one and two hosts, taking over a dead host's run (issue 24)", benchHosts],
];

const only = process.argv.slice(2);
for (const [title, run] of sections) {
  if (only.length && !only.some((o) => title.toLowerCase().includes(o.toLowerCase()))) continue;
  console.log(`\n## ${title}`);
  try {
    for (const r of await run()) {
      const value = Number.isInteger(r.value) ? r.value.toLocaleString("en") : r.value.toFixed(r.value < 10 ? 3 : 1);
      console.log(`  ${r.name.padEnd(82)} ${`${value} ${r.unit}`.padStart(16)}${r.target ? `   target ${r.target}` : ""}`);
    }
  } catch (error) {
    console.log(`  (section failed: ${(error as Error).message})`);
  }
}
