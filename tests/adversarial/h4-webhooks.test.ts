/**
 * H4: a workspace admin chooses the webhook URL, so it must not reach the
 * server's own network: loopback and private targets are refused at
 * connection time (after DNS) unless the operator lists the host, and a
 * redirect is never followed. A real HTTP server listens on loopback to prove
 * nothing arrives.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Prisma } from "../../lib/db/generated/client";
import { deliverWebhooks } from "../../lib/outgoing-webhooks/deliver-webhooks";
import { setWorkspaceWebhook } from "../../lib/outgoing-webhooks/set-workspace-webhook";
import { webhookFetch } from "../../lib/outgoing-webhooks/webhook-network";
import { testDatabase } from "../support/db";
import { createUser, createWorkspace } from "../support/factories";
import { startWebhookReceiver } from "../support/webhook-receiver";

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let redirector: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  redirector = await startWebhookReceiver(() => ({ status: 307, headers: { location: receiver.url("/internal") } }));
});
afterAll(async () => {
  await receiver.close();
  await redirector.close();
});
afterEach(() => vi.unstubAllEnvs());

async function deliverTo(url: string) {
  const { prisma } = await testDatabase();
  const owner = await createUser(prisma);
  const ws = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
  await setWorkspaceWebhook(prisma, { workspaceId: ws.id, userId: owner.id, role: "owner" }, { url });
  await prisma.runEvent.create({ data: { workspaceId: ws.id, type: "approval.requested", data: { approvalId: "a1" } as Prisma.InputJsonValue } });
  await deliverWebhooks(prisma, webhookFetch(), { workspaceId: ws.id, origin: "" });
  return prisma.outgoingWebhookDelivery.findFirstOrThrow({ where: { workspaceId: ws.id } });
}

describe("H4: outgoing webhooks reach public addresses only", () => {
  it("H4: a webhook at loopback in any spelling is refused at connection time and recorded; nothing arrives", async () => {
    vi.stubEnv("GATEHOUSE_ALLOWED_WEBHOOK_HOSTS", "");
    const before = receiver.received.length;
    for (const host of ["127.0.0.1", "localhost", "[::ffff:127.0.0.1]", "2130706433", "0x7f000001"]) {
      const delivery = await deliverTo(`http://${host}:${receiver.port}/hook`);
      expect(delivery.status).toBeNull();
      expect(delivery.error).toMatch(/GATEHOUSE_ALLOWED_WEBHOOK_HOSTS/);
    }
    expect(receiver.received.length).toBe(before);
  });

  it("H4: a redirect from an allowed target is not followed to an internal one", async () => {
    vi.stubEnv("GATEHOUSE_ALLOWED_WEBHOOK_HOSTS", `127.0.0.1:${redirector.port}`);
    const before = receiver.received.length;
    const delivery = await deliverTo(redirector.url());
    expect(delivery.status).toBeNull();
    expect(delivery.error).toMatch(/redirect/);
    expect(receiver.received.length).toBe(before);
  });

  it("H4: listing exactly 127.0.0.1:PORT lets deliveries reach that server and no other port", async () => {
    vi.stubEnv("GATEHOUSE_ALLOWED_WEBHOOK_HOSTS", `127.0.0.1:${receiver.port}`);
    expect(await deliverTo(receiver.url())).toMatchObject({ status: 204, error: null });
    const other = await deliverTo(redirector.url());
    expect(other.status).toBeNull();
  });
});
