/**
 * `npm run bench`: prints every benchmark's figures beside its target. It never
 * fails on timing — speed is measured here, not asserted in tests.
 * Sections: gate (issue 2), sandbox (H1), file tools (H2), plans (issue 4), reviews (issue 5), web (issue 3 —
 * needs `npm run build` and PostgreSQL), long-lived rooms and worker CPU (issue 15). `npm run bench -- web` runs one section.
 */
import { benchFileTools } from "./file-tools";
import { benchGate } from "./gate";
import { benchPaths } from "./paths";
import { benchPlans } from "./plans";
import { benchReviewRoom } from "./review-room";
import { benchReviews } from "./reviews";
import { benchRoomHistory } from "./room-history";
import { benchSandbox } from "./sandbox";
import type { BenchResult } from "./stats";
import { benchWeb } from "./web";
import { benchWorkerCpu } from "./worker-cpu";

const sections: [string, () => Promise<BenchResult[]>][] = [
  ["Gate and harness (issue 2)", benchGate],
  ["Sandbox start-up (H1)", benchSandbox],
  ["File tools, race-free path confinement (H2)", benchFileTools],
  ["Plans (issue 4)", benchPlans],
  ["Reviews (issue 5)", benchReviews],
  ["Web, production build on PostgreSQL (issue 3)", benchWeb],
  ["Review room in Chromium, production build (issue 5)", benchReviewRoom],
  ["Long-lived rooms in Chromium, production build (issue 15)", benchRoomHistory],
  ["Worker CPU per scripted run (issue 15)", benchWorkerCpu],
  ["Every path held: Claude Code gate and sub-agents (issue 12)", benchPaths],
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
