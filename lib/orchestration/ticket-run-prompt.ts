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

export function ticketRunPrompt(goal: string, ticket: TicketLike, all: readonly TicketLike[]): string {
  const byKey = new Map(all.map((t) => [t.key, t]));
  const dependencies = ticket.dependsOn.flatMap((key) => {
    const dep = byKey.get(key);
    return dep ? [{ key, title: dep.title, result: dep.result }] : [];
  });
  const dependants = all.filter((t) => t.dependsOn.includes(ticket.key)).map((t) => ({ key: t.key, title: t.title }));
  return `Ticket ${ticket.key}: ${ticket.title.trim()}\n\n${renderTicketPrompt({ goal, ticket, dependencies, dependants })}`;
}
