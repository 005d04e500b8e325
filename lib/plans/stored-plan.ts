/**
 * Reading plans back from storage. `Plan.nodes` and `Plan.layout` are JSON
 * columns; everything that renders, diffs, exports or compiles a stored plan
 * parses them here first, so a hand-edited or older row fails loudly in one
 * place instead of half-rendering. Pure, so Plan Studio uses it in the browser.
 */
import { z } from "zod";
import { layoutPlan, planEdges, type PlanLayout } from "./layout-plan";
import type { PlanNodeLike } from "./schemas";

const storedNode = z.object({
  key: z.string(),
  title: z.string(),
  description: z.string(),
  dependsOn: z.array(z.string()).default([]),
});

const storedLayout = z.object({
  nodes: z.array(z.object({ key: z.string(), x: z.number(), y: z.number() })),
  width: z.number(),
  height: z.number(),
});

/** The nodes of a stored plan. @throws ZodError when the column does not hold plan nodes. */
export function readPlanNodes(json: unknown): PlanNodeLike[] {
  return z.array(storedNode).parse(json);
}

/** The stored Plan Studio layout, or null when missing or unreadable (the caller lays the plan out again). */
export function readPlanLayout(json: unknown, nodes: readonly { key: string }[]): PlanLayout | null {
  const parsed = storedLayout.safeParse(json);
  if (!parsed.success) return null;
  // A layout that does not cover every node belongs to other nodes; never show a partial graph.
  const placed = new Set(parsed.data.nodes.map((n) => n.key));
  return nodes.every((n) => placed.has(n.key)) ? parsed.data : null;
}

/** P2: the layout Plan Studio shows, computed once when a plan is stored. */
export function computePlanLayout(nodes: readonly PlanNodeLike[]): PlanLayout {
  return layoutPlan(nodes, planEdges(nodes));
}
