import "server-only";
/**
 * The one writer of audit rows. Every action is declared in the catalogue
 * (lib/audit/catalogue.ts); an undeclared action or data of the wrong shape is
 * refused here, inside the caller's transaction, so nothing half-written lands.
 */
import type { Prisma } from "../db/generated/client";
import { AppError } from "../errors/app-error";
import { checkAuditRecord, type AuditRecord } from "./catalogue";

type Tx = Pick<Prisma.TransactionClient, "auditEvent">;

/** Who did it, where, and to which row; the catalogue record says what. */
export type AuditInput = AuditRecord & { workspaceId: string; actorId: string | null; targetId: string };

export async function recordAudit(tx: Tx, ...entries: AuditInput[]): Promise<void> {
  for (const entry of entries) {
    const checked = checkAuditRecord(entry);
    if (!checked.ok) throw new AppError("internal", `Audit action "${entry.action}" does not match the audit catalogue: ${checked.error}`);
  }
  if (entries.length === 0) return;
  const rows = entries.map((e) => ({ workspaceId: e.workspaceId, actorId: e.actorId, action: e.action, targetType: e.targetType, targetId: e.targetId, data: e.data as Prisma.InputJsonValue }));
  if (rows.length === 1) await tx.auditEvent.create({ data: rows[0]! });
  else await tx.auditEvent.createMany({ data: rows });
}
