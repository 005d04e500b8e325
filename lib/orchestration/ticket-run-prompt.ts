/**
 * P3: the first user message of a ticket's chat-mode run. It starts with
 * "Ticket <key>: <title>" so people and scripted agents (the demo's "^Ticket "
 * scenario) recognize ticket work at a glance; the rest is renderTicketPrompt
 * with what the dependencies produced.
 */
import { renderTicketPrompt } from "./compile-plan";

export interface TicketLike {
  key: string;
  title: string;
  description: string;
  dependsOn: readonly string[];
  result: string | null;
}

/** O7: where a code ticket works and what its change is checked against. */
export interface CodeTicketContext {
  branch: string;
  baseBranch: string;
}

export function ticketRunPrompt(goal: string, ticket: TicketLike & { acceptance?: readonly string[]; scope?: readonly string[] }, all: readonly TicketLike[], code: CodeTicketContext | null = null): string {
  const byKey = new Map(all.map((t) => [t.key, t]));
  const dependencies = ticket.dependsOn.flatMap((key) => {
    const dep = byKey.get(key);
    return dep ? [{ key, title: dep.title, result: dep.result }] : [];
  });
  const dependants = all.filter((t) => t.dependsOn.includes(ticket.key)).map((t) => ({ key: t.key, title: t.title }));
  const base = `Ticket ${ticket.key}: ${ticket.title.trim()}\n\n${renderTicketPrompt({ goal, ticket, dependencies, dependants, ownBranch: code !== null })}`;
  return code ? `${base}\n\n${codeTicketBlock(ticket, code)}` : base;
}

/**
 * O7: a code ticket starts from the base branch on a branch of its own; what it
 * changes becomes a pull request reviewed against its acceptance criteria and
 * scope, so the agent hears both before it starts.
 */
function codeTicketBlock(ticket: { acceptance?: readonly string[]; scope?: readonly string[] }, code: CodeTicketContext): string {
  const lines = [
    `You work on the branch ${code.branch}, made from ${code.baseBranch} for this ticket alone.`,
    `When your run ends, your changes are committed and opened as a pull request into ${code.baseBranch}; if nothing changed, the ticket completes with "no changes".`,
  ];
  if (ticket.acceptance?.length) lines.push("", "Acceptance criteria (the review checks the change against them):", ...ticket.acceptance.map((c) => `- ${c}`));
  if (ticket.scope?.length) lines.push("", "Change only files under:", ...ticket.scope.map((p) => `- ${p}`));
  return lines.join("\n");
}
