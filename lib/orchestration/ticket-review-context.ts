import "server-only";
/**
 * O7: the review of a ticket's pull request checks the change against the
 * ticket. When a review room's pull request carries a ticket, the review
 * agent's system prompt gains the ticket — title, description, acceptance
 * criteria, declared scope — and the machine-readable scope line the built-in
 * reviewer reads. Read at every turn, so it is there for a re-review after a push too.
 */
import type { PrismaClient } from "../db/generated/client";
import { ticketScopeLine } from "../reviews/offline/ticket-scope";

export async function ticketReviewContext(prisma: Pick<PrismaClient, "room" | "ticket">, roomId: string | null): Promise<string | null> {
  if (!roomId) return null;
  const room = await prisma.room.findUnique({ where: { id: roomId }, select: { pullRequestId: true } });
  if (!room?.pullRequestId) return null;
  const ticket = await prisma.ticket.findUnique({ where: { pullRequestId: room.pullRequestId }, select: { key: true, title: true, description: true, acceptance: true, scope: true } });
  if (!ticket) return null;
  return renderTicketReviewContext(ticket);
}

export function renderTicketReviewContext(ticket: { key: string; title: string; description: string; acceptance: readonly string[]; scope: readonly string[] }): string {
  const lines = [
    `This pull request is the work of ticket ${ticket.key} ("${defuse(ticket.title)}") of an approved pipeline. Review it against the ticket:`,
    "raise a finding when the change misses an acceptance criterion, or goes beyond the ticket (for example, changes files outside its declared scope).",
    "",
    "The ticket:",
    defuse(ticket.description.trim()) || "(no description)",
    "",
  ];
  if (ticket.acceptance.length) lines.push("Acceptance criteria:", ...ticket.acceptance.map((c) => `- ${defuse(c)}`), "");
  else lines.push("The ticket states no acceptance criteria beyond its description.", "");
  if (ticket.scope.length) {
    lines.push("Declared scope (the paths the ticket may change):", ...ticket.scope.map((p) => `- ${defuse(p)}`));
    // Written last, by the platform: the built-in reviewer reads the last such line (reviews/offline/ticket-scope.ts).
    lines.push(ticketScopeLine({ key: ticket.key, scope: [...ticket.scope] }));
  }
  return lines.join("\n");
}

/** Text from a proposal cannot pass for a platform marker line. */
function defuse(text: string): string {
  return text.replace(/\[gatehouse:/gi, "(gatehouse:");
}
