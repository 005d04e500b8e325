import "server-only";
/**
 * Sets or clears the workspace's webhook (admins and owners). A new URL gets a
 * new signing secret, returned once; events before the change are not sent to
 * the new target. H3: the setter is recorded; the webhook sends only while
 * they may manage the workspace (lib/grants).
 */
import { recordAudit } from "../audit/record-audit";
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../db/generated/client";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { setWebhookBody, type SetWebhookBody, type WebhookView } from "./schemas";

export async function setWorkspaceWebhook(prisma: PrismaClient, actor: WorkspaceActor, input: SetWebhookBody): Promise<{ url: string | null; secret: string | null }> {
  const { url } = setWebhookBody.parse(input);
  assertCan(actor, "manage");
  const secret = url ? randomBytes(32).toString("base64url") : null;
  await prisma.$transaction(async (tx) => {
    const latest = await tx.runEvent.findFirst({ where: { workspaceId: actor.workspaceId }, orderBy: { id: "desc" }, select: { id: true } });
    await tx.workspace.update({
      where: { id: actor.workspaceId },
      data: { webhookUrl: url, webhookSecret: secret, webhookSetById: url ? actor.userId : null, webhookAfterEventId: latest?.id ?? 0n },
    });
    await recordAudit(tx, { workspaceId: actor.workspaceId, actorId: actor.userId, action: url ? "webhook.set" : "webhook.cleared", targetType: "workspace", targetId: actor.workspaceId, data: { url } });
  });
  return { url, secret };
}

export async function getWorkspaceWebhook(prisma: PrismaClient, workspaceId: string): Promise<WebhookView> {
  const [ws, recent] = await Promise.all([
    prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { webhookUrl: true } }),
    prisma.outgoingWebhookDelivery.findMany({ where: { workspaceId }, orderBy: { eventId: "desc" }, take: 10 }),
  ]);
  return {
    url: ws.webhookUrl,
    recent: recent.map((d) => ({ eventId: d.eventId.toString(), type: d.type, status: d.status, error: d.error, createdAt: d.createdAt.toISOString() })),
  };
}
