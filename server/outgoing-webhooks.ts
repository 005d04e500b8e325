import "server-only";
/**
 * Wires outgoing webhooks to the event hub: every stored workspace event
 * wakes that workspace's delivery (one at a time per workspace in this
 * process; a burst collapses into one more pass). Several processes may all
 * wake; the delivery rows' unique claim sends each event once.
 */
import { env } from "@/lib/config/env";
import { getDatabase } from "@/lib/db/client";
import { getEventHub } from "@/lib/events/event-hub";
import { deliverWebhooks } from "@/lib/outgoing-webhooks/deliver-webhooks";
import { webhookFetch } from "@/lib/outgoing-webhooks/webhook-network";

const globalForWebhooks = globalThis as unknown as { gatehouseWebhooks?: Promise<void> };

export function startOutgoingWebhooks(): Promise<void> {
  globalForWebhooks.gatehouseWebhooks ??= (async () => {
    const hub = await getEventHub(getDatabase);
    const fetch = webhookFetch();
    const origin = (env().NEXTAUTH_URL ?? "").replace(/\/$/, "");
    const state = new Map<string, { running: boolean; again: boolean }>();

    async function run(workspaceId: string) {
      const entry = state.get(workspaceId) ?? { running: false, again: false };
      state.set(workspaceId, entry);
      if (entry.running) {
        entry.again = true;
        return;
      }
      entry.running = true;
      try {
        do {
          entry.again = false;
          const { prisma } = await getDatabase();
          await deliverWebhooks(prisma, fetch, { workspaceId, origin }).catch((error: unknown) => console.error(`[gatehouse] webhook delivery: ${String(error)}`));
        } while (entry.again);
      } finally {
        state.delete(workspaceId);
      }
    }

    hub.onStored(({ workspaceId }) => void run(workspaceId));
  })();
  return globalForWebhooks.gatehouseWebhooks;
}
