/**
 * SPEC A2: export a plan as a Markdown plan file in the `plans/PLAN.md` style
 * of the AgentScope seed: a title from the goal and a checklist of steps in
 * dependency order, each with its dependencies and description.
 *
 * Output is stable: the same plan gives byte-identical text (LF line endings,
 * one trailing newline, dependency lists in step order), so exported files
 * diff cleanly in git.
 */
import type { PlanNodeLike, PlanVersionLike } from "./schemas";
import { topologicalOrder } from "./topological-order";

/** Optional extras for the export header and checklist. */
export interface PlanMarkdownOptions {
  /** shown under the title, e.g. 3 → "Version 3" */
  version?: number;
  /** shown under the title next to the version, e.g. "approved" */
  status?: string;
  /** keys of finished steps, rendered as `[x]` (e.g. succeeded tickets) */
  done?: Iterable<string>;
}

/** Longest title taken from the goal; the full goal follows when it is longer or spans lines. */
const TITLE_MAX = 100;

/**
 * A2: the plan as Markdown.
 * @throws PlanGraphError when the plan is not a DAG (validatePlan rules that out for stored plans).
 */
export function planToMarkdown(plan: PlanVersionLike, options: PlanMarkdownOptions = {}): string {
  const byKey = new Map<string, PlanNodeLike>(plan.nodes.map((node) => [node.key, node]));
  const order = topologicalOrder(plan.nodes);
  const number = new Map<string, number>(order.map((key, i) => [key, i + 1]));
  const done = new Set(options.done ?? []);

  const goal = normalize(plan.goal).trim();
  const firstLine = goal.split("\n", 1)[0]!.trim();
  const title = firstLine.length > TITLE_MAX ? `${firstLine.slice(0, TITLE_MAX - 1).trimEnd()}…` : firstLine;

  const out: string[] = [`# ${escapeInline(title)}`, ""];
  if (goal !== title) out.push(...goal.split("\n").map((line) => (line ? `> ${line}` : ">")), "");
  const meta = [options.version !== undefined ? `Version ${options.version}` : null, options.status ?? null].filter(
    (part): part is string => part !== null && part !== "",
  );
  if (meta.length) out.push(`_${escapeInline(meta.join(" · "))}_`, "");

  out.push(`## Steps (${order.length})`, "");
  for (const key of order) {
    const node = byKey.get(key)!;
    const deps = [...new Set(node.dependsOn)]
      .sort((a, b) => number.get(a)! - number.get(b)!)
      .map((dep) => `${number.get(dep)} (\`${dep}\`)`);
    const after = deps.length ? ` — depends on ${deps.join(", ")}` : "";
    out.push(`- [${done.has(key) ? "x" : " "}] **${number.get(key)}. ${escapeInline(node.title.trim())}** (\`${key}\`)${after}`);
    const description = normalize(node.description).trim();
    if (description) {
      out.push("");
      // Two spaces keep every line inside the list item, code fences included.
      for (const line of description.split("\n")) out.push(line ? `  ${line}` : "");
    }
    out.push("");
  }
  return `${out.join("\n").trimEnd()}\n`;
}

/** CRLF/CR to LF and no trailing spaces, so the export does not depend on where the text was typed. */
function normalize(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n");
}

/** Titles are plain text; characters Markdown would interpret are escaped. */
function escapeInline(text: string): string {
  return text.replace(/[\\`*_[\]<>#|~]/g, (ch) => `\\${ch}`);
}
