import "server-only";
/**
 * Sends a workspace's new approval and verdict events to its webhook, oldest
 * first. Each event is claimed by inserting its delivery row (unique per
 * workspace and event) before it is sent, so several processes hearing of the
 * same event send it once; a delivery is tried once and its outcome recorded
 * (at most once: a chat notification sent twice is worse than one missed).
 * H3: nothing is sent while the person who set the webhook may no longer
 * manage the workspace — it is their destination and their secret.
 */
import type { PrismaClient } from "../db/generated/client";
import { setterHolds } from "../grants/setter-authority";
import type { GuardedFetch } from "../net/guarded-fetch";
import { buildPayload } from "./build-payload";
import { WEBHOOK_EVENT_TYPES } from "./schemas";
import { signPayload } from "./sign-payload";

const BATCH = 50;
const TIMEOUT_MS = 10_000;

export async function deliverWebhooks(prisma: PrismaClient, fetch: GuardedFetch, input: { workspaceId: string; origin: string }): Promise<number> {
  const ws = await prisma.workspace.findUnique({
    where: { id: input.workspaceId },
    select: { slug: true, name: true, webhookUrl: true, webhookSecret: true, webhookSetById: true, webhookAfterEventId: true },
  });
  if (!ws?.webhookUrl || !ws.webhookSecret) return 0;
  if (!(await setterHolds(prisma, { workspaceId: input.workspaceId, setById: ws.webhookSetById }))) return 0;
  const last = await prisma.outgoingWebhookDelivery.findFirst({ where: { workspaceId: input.workspaceId }, orderBy: { eventId: "desc" }, select: { eventId: true } });
  const after = [last?.eventId ?? 0n, ws.webhookAfterEventId ?? 0n].reduce((a, b) => (a > b ? a : b));
  const events = await prisma.runEvent.findMany({
    where: { workspaceId: input.workspaceId, id: { gt: after }, type: { in: [...WEBHOOK_EVENT_TYPES] } },
    orderBy: { id: "asc" },
    take: BATCH,
  });
  let sent = 0;
  for (const event of events) {
    const claimed = await prisma.outgoingWebhookDelivery.createMany({
      data: [{ workspaceId: input.workspaceId, eventId: event.id, type: event.type }],
      skipDuplicates: true,
    });
    if (claimed.count === 0) continue;
    const payload = buildPayload(event, { slug: ws.slug, name: ws.name }, input.origin);
    const outcome = payload ? await send(fetch, ws.webhookUrl, ws.webhookSecret, payload.type, payload.id, JSON.stringify(payload)) : { status: null, error: "the event's data could not be read" };
    await prisma.outgoingWebhookDelivery.update({
      where: { workspaceId_eventId: { workspaceId: input.workspaceId, eventId: event.id } },
      data: outcome,
    });
    if (outcome.status !== null && outcome.status < 300) sent++;
  }
  return sent;
}

async function send(fetch: GuardedFetch, url: string, secret: string, type: string, id: string, body: string): Promise<{ status: number | null; error: string | null }> {
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const response = await fetch(url, {
      method: "POST",
      redirect: "error",
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: {
        "content-type": "application/json",
        "user-agent": "Gatehouse-Webhook",
        "x-gatehouse-event": type,
        "x-gatehouse-delivery": id,
        "x-gatehouse-timestamp": String(timestamp),
        "x-gatehouse-signature": signPayload(secret, timestamp, body),
      },
      body,
    });
    await response.body?.cancel().catch(() => undefined);
    return { status: response.status, error: response.ok ? null : `the target answered ${response.status}` };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { status: null, error: message.slice(0, 500) };
  }
}
