import "server-only";
/**
 * Every transaction that changes a step's status and asks for a tick takes the
 * pipeline's row lock first, the same lock the tick takes. Ticks are keyed
 * jobs: asking for one while another is still queued adds nothing, and that
 * queued tick may be claimed and read the steps before this transaction
 * commits — it would then see the old status and nothing would tick again.
 * Holding the lock makes such a tick wait for this commit and read the new status.
 */
import type { Prisma } from "../db/generated/client";

export async function lockOrchestration(tx: Pick<Prisma.TransactionClient, "$queryRaw">, orchestrationId: string): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "Orchestration" WHERE "id" = ${orchestrationId} FOR UPDATE`;
}
