/**
 * Bench figures for plans (P2): validating a 500-node plan
 * (≤ 5 ms) and laying out a 200-node plan, which Plan Studio must lay out and
 * show within 1 s. Measures and returns; prints nothing and asserts nothing,
 * because timing depends on the machine and belongs in a report, not a test.
 */
import { percentileOf, seededRandom, type BenchResult } from "./stats";
import { layoutPlan, planEdges } from "../lib/plans/layout-plan";
import type { PlanNode } from "../lib/plans/schemas";
import { validatePlan } from "../lib/plans/validate-plan";
import { benchPlanApproval } from "./plan-approval";

export type { BenchResult } from "./stats";

/** Measure plan validation and layout. Deterministic inputs; a few seconds in total. */
export async function benchPlans(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];

  const big = { goal: "Migrate billing to the new invoice model", nodes: syntheticPlan(500, 1) };
  const validation = sample(30, 300, () => validatePlan(big));
  results.push(
    { name: "plans: validate 500-node plan p50", value: round(percentileOf(validation, 50)), unit: "ms", target: "≤ 5 ms" },
    { name: "plans: validate 500-node plan p99", value: round(percentileOf(validation, 99)), unit: "ms", target: "≤ 5 ms" },
  );

  const nodes = syntheticPlan(200, 2);
  const edges = planEdges(nodes);
  const first = time(() => layoutPlan(nodes, edges));
  // Yield between the slow runs so a caller's timers and I/O are not starved.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const layout = sample(1, 5, () => layoutPlan(nodes, edges));
  results.push(
    {
      name: "plans: lay out 200-node plan, first call",
      value: round(first),
      unit: "ms",
      target: "layout + render ≤ 1000 ms in Plan Studio",
    },
    {
      name: "plans: lay out 200-node plan p50",
      value: round(percentileOf(layout, 50)),
      unit: "ms",
      target: "layout + render ≤ 1000 ms in Plan Studio",
    },
  );
  results.push(...(await benchPlanApproval()));
  return results;
}

/**
 * A plan shaped like a large agent-written one: steps in about √n
 * workstreams, each step depending on one to three earlier steps, mostly
 * recent ones, sometimes on a step far back (schema → deploy).
 */
export function syntheticPlan(size: number, seed: number): PlanNode[] {
  const random = seededRandom(seed);
  const nodes: PlanNode[] = [];
  for (let i = 0; i < size; i++) {
    const deps = new Set<string>();
    const count = i === 0 ? 0 : Math.min(i, Math.floor(random() * 3) + (random() < 0.15 ? 0 : 1));
    for (let d = 0; d < count; d++) {
      const back = random() < 0.8 ? 1 + Math.floor(random() * Math.min(i, 8)) : 1 + Math.floor(random() * i);
      deps.add(key(i - back));
    }
    nodes.push({
      key: key(i),
      title: `Step ${i}: update module ${i % 37} for the invoice model`,
      description:
        `Change the code in module ${i % 37} so it reads invoices from the new table. ` +
        "Keep the old path behind a flag until the migration has run, and cover both with tests.",
      dependsOn: [...deps],
    });
  }
  return nodes;
}

function key(i: number): string {
  return `step-${String(i).padStart(4, "0")}`;
}

function sample(warmup: number, runs: number, fn: () => unknown): number[] {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(time(fn));
  return times;
}

function time(fn: () => unknown): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}


function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}

