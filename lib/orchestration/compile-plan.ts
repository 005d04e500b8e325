/**
 * SPEC P3: approving a plan compiles its graph into an orchestration — one
 * ticket per node with the same key and dependencies — and each ticket runs as
 * a chat-mode run of the room's agent with a prompt built here.
 */
import type { PlanNodeLike, PlanVersionLike } from "../plans/schemas";
import { nodeDepths, topologicalOrder } from "../plans/topological-order";

/** A ticket to create for one plan node (fits the Ticket model plus the prompt). */
export interface TicketDraft {
  key: string;
  title: string;
  description: string;
  dependsOn: string[];
  /** dependency layer: 0 needs nothing, n waits for layer n-1 (for display) */
  layer: number;
  /** the chat-mode prompt as known at approval time; see renderTicketPrompt for the one at start time */
  prompt: string;
}

/** What a dependency produced, for the prompt of a ticket that starts after it. */
export interface DependencyResult {
  key: string;
  title: string;
  /** the dependency's run summary (Ticket.result); null when not known yet */
  result: string | null;
}

/** Everything renderTicketPrompt needs. */
export interface TicketPromptInput {
  goal: string;
  ticket: { key: string; title: string; description: string };
  /** direct dependencies, in the ticket's dependsOn order */
  dependencies: readonly DependencyResult[];
  /** tickets that wait directly for this one, so the agent leaves their work alone */
  dependants: readonly { key: string; title: string }[];
  /** O7: the ticket works on its own branch, so its dependencies' changes are in their pull requests, not its worktree */
  ownBranch?: boolean;
}

/** A dependency summary longer than this is cut, so prompts stay small on wide plans. */
export const MAX_RESULT_CHARS = 2000;

/**
 * P3: one ticket draft per plan node, in dependency order (dependencies before
 * dependants, plan order within a layer), with keys, dependencies, titles and
 * descriptions carried over unchanged.
 * @throws PlanGraphError when the plan is not a DAG (validatePlan rules that out for stored plans).
 */
export function compilePlan(plan: PlanVersionLike): TicketDraft[] {
  const depths = nodeDepths(plan.nodes);
  const byKey = new Map<string, PlanNodeLike>(plan.nodes.map((node) => [node.key, node]));
  const layerOf = new Map<string, number>(plan.nodes.map((node, i) => [node.key, depths[i]!]));
  const dependants = new Map<string, PlanNodeLike[]>();
  for (const node of plan.nodes) {
    for (const dep of new Set(node.dependsOn)) {
      const list = dependants.get(dep);
      if (list) list.push(node);
      else dependants.set(dep, [node]);
    }
  }
  return topologicalOrder(plan.nodes).map((key) => {
    const node = byKey.get(key)!;
    const dependsOn = [...new Set(node.dependsOn)];
    return {
      key,
      title: node.title,
      description: node.description,
      dependsOn,
      layer: layerOf.get(key)!,
      prompt: renderTicketPrompt({
        goal: plan.goal,
        ticket: node,
        dependencies: dependsOn.map((dep) => ({ key: dep, title: byKey.get(dep)!.title, result: null })),
        dependants: (dependants.get(key) ?? []).map((d) => ({ key: d.key, title: d.title })),
      }),
    };
  });
}

/**
 * P3: the prompt for a ticket's chat-mode run. Call it when the ticket starts,
 * with its dependencies' results, so the agent knows what they produced; their
 * changes are already in the room's worktree.
 */
export function renderTicketPrompt(input: TicketPromptInput): string {
  const { goal, ticket, dependencies, dependants, ownBranch } = input;
  const lines: string[] = [
    `[gatehouse:ticket ${ticket.key}]`,
    "You are carrying out one step of a plan that a person has approved.",
    "",
    `Goal of the whole plan: ${goal.trim()}`,
    "",
    `Your step: ${ticket.title.trim()} (${ticket.key})`,
  ];
  const description = ticket.description.trim();
  if (description) lines.push("", description);

  lines.push("");
  if (dependencies.length === 0) {
    lines.push("This step depends on no other step.");
  } else {
    lines.push(
      ownBranch
        ? "These steps were finished before yours; their changes are in their own pull requests, not in your branch:"
        : "These steps were finished before yours; their changes are already in the worktree:",
    );
    for (const dep of dependencies) {
      const result = dep.result?.trim();
      lines.push(`- ${dep.title.trim()} (${dep.key})${result ? `: ${indent(truncate(result))}` : ""}`);
    }
  }
  if (dependants.length > 0) {
    lines.push("", "These steps come after yours and will be done separately; do not do them now:");
    for (const d of dependants) lines.push(`- ${d.title.trim()} (${d.key})`);
  }
  lines.push(
    "",
    "Implement only this step, and verify it where you can. When you are done, reply with a short summary of " +
      "what you changed and how you checked it: that summary is passed on to the steps that depend on this one. " +
      "If the step cannot be done, say why plainly instead of pretending it is done.",
  );
  return lines.join("\n");
}

function truncate(text: string): string {
  return text.length <= MAX_RESULT_CHARS ? text : `${text.slice(0, MAX_RESULT_CHARS - 1).trimEnd()}… (cut)`;
}

/** Multi-line results stay inside their list item. */
function indent(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(/\n/g, "\n  ");
}
