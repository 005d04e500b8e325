/**
 * O7: the built-in reviewer checks a ticket's pull request against its ticket.
 * The ticket's declared scope reaches it in the review agent's system prompt
 * as one line the platform writes last (lib/orchestration/ticket-review-context.ts);
 * text a proposal supplied cannot forge it, because that text has its
 * "[gatehouse:" markers defused before it is written.
 *
 * A changed file outside every declared prefix exceeds the ticket; a change
 * that touches nothing inside the scope misses it. Both are P1 findings with
 * no anchor (they are about the change as a whole), so the verdict holds until
 * the change is fixed or a person overrides the ticket.
 */
import { z } from "zod";
import type { DiffFile } from "../../diff/parse-diff";
import type { FindingInput } from "../schemas";

export const TICKET_SCOPE_MARKER = "[gatehouse:ticket-scope]";

const scopeLine = z.object({ key: z.string().max(64), scope: z.array(z.string().max(300)).max(50) });
export type TicketScope = z.infer<typeof scopeLine>;

/** The last scope line in the system prompt, or null when the pull request carries no ticket with a scope. */
export function readTicketScope(system: string): TicketScope | null {
  const lines = system.split("\n").filter((line) => line.startsWith(TICKET_SCOPE_MARKER));
  const last = lines[lines.length - 1];
  if (!last) return null;
  try {
    const parsed = scopeLine.safeParse(JSON.parse(last.slice(TICKET_SCOPE_MARKER.length).trim()));
    return parsed.success && parsed.data.scope.length > 0 ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The line to put in the system prompt for a ticket with a declared scope. */
export function ticketScopeLine(ticket: TicketScope): string {
  return `${TICKET_SCOPE_MARKER} ${JSON.stringify({ key: ticket.key, scope: ticket.scope })}`;
}

/** Whether `path` lies under one of the prefixes ("src/api/" covers src/api/x.ts; "README.md" covers itself). */
export function inScope(path: string, scope: readonly string[]): boolean {
  return scope.some((prefix) => {
    const p = prefix.replace(/^\.\//, "");
    return path === p.replace(/\/$/, "") || path.startsWith(p.endsWith("/") ? p : `${p}/`);
  });
}

export function reviewTicketScope(files: readonly DiffFile[], ticket: TicketScope): FindingInput[] {
  const paths = [...new Set(files.flatMap((f) => [f.newPath, f.oldPath]).filter((p): p is string => p !== null))];
  const outside = paths.filter((p) => !inScope(p, ticket.scope));
  const scopeText = ticket.scope.map((s) => `\`${s}\``).join(", ");
  const findings: FindingInput[] = outside.map((path) => ({
    kind: "bug",
    priority: "P1",
    confidence: 0.9,
    title: `Outside ticket ${ticket.key}'s scope: ${path}`.slice(0, 300),
    body: `Ticket ${ticket.key} declares the paths it may change (${scopeText}); \`${path}\` is not under any of them, so this change exceeds its ticket. Move the change to the ticket it belongs to, or have a person override the ticket with a reason.`,
  }));
  if (paths.length > 0 && outside.length === paths.length) {
    findings.unshift({
      kind: "bug",
      priority: "P1",
      confidence: 0.85,
      title: `The change misses ticket ${ticket.key}: nothing in its scope changed`,
      body: `Ticket ${ticket.key} is about ${scopeText}, and this pull request changes none of it.`,
    });
  }
  return findings;
}
