import "server-only";
/**
 * The one writer of a finding's history (R3, R10). Every type is declared in
 * lib/reviews/finding-history-catalogue.ts; an undeclared type or data of the
 * wrong shape is refused inside the caller's transaction.
 */
import type { Prisma } from "../db/generated/client";
import { AppError } from "../errors/app-error";
import { checkFindingHistoryRecord, type FindingHistoryRecord } from "./finding-history-catalogue";

type Tx = Pick<Prisma.TransactionClient, "findingEvent">;

/** One move: the finding, who made it ("user:<id>", "agent:<name>", "platform") and the catalogue record. */
export type FindingEventInput = FindingHistoryRecord & { findingId: string; actor: string | null };

export async function recordFindingEvents(tx: Tx, ...events: FindingEventInput[]): Promise<void> {
  for (const event of events) {
    const checked = checkFindingHistoryRecord(event);
    if (!checked.ok) throw new AppError("internal", `Finding history type "${event.type}" does not match the finding history catalogue: ${checked.error}`);
  }
  if (events.length === 0) return;
  const rows = events.map((e) => ({ findingId: e.findingId, type: e.type, actor: e.actor, data: e.data as Prisma.InputJsonValue }));
  if (rows.length === 1) await tx.findingEvent.create({ data: rows[0]! });
  else await tx.findingEvent.createMany({ data: rows });
}
