import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Prisma } from "../../lib/db/generated/client";
import { deliverWebhooks } from "../../lib/outgoing-webhooks/deliver-webhooks";
import { getWorkspaceWebhook, setWorkspaceWebhook } from "../../lib/outgoing-webhooks/set-workspace-webhook";
import { verifySignature } from "../../lib/outgoing-webhooks/sign-payload";
import { webhookFetch } from "../../lib/outgoing-webhooks/webhook-network";
import { testDatabase } from "../support/db";
import { createUser, createWorkspace } from "../support/factories";
import { startWebhookReceiver } from "../support/webhook-receiver";

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());
afterEach(() => vi.unstubAllEnvs());

async function setup() {
  const { prisma } = await testDatabase();
  const owner = await createUser(prisma);
  const ws = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
  const actor = { workspaceId: ws.id, userId: owner.id, role: "owner" as const };
  const event = (type: string, data: Record<string, unknown>) => prisma.runEvent.create({ data: { workspaceId: ws.id, type, data: data as Prisma.InputJsonValue } });
  const setWebhook = (url = receiver.url()) => setWorkspaceWebhook(prisma, actor, { url });
  return { prisma, ws, actor, event, setWebhook };
}

describe("outgoing webhook", () => {
  it("G4/R5: approvals and verdicts after the webhook was set reach it once, as signed JSON; other events do not", async () => {
    vi.stubEnv("GATEHOUSE_ALLOWED_WEBHOOK_HOSTS", `127.0.0.1:${receiver.port}`);
    const t = await setup();
    await t.event("approval.requested", { approvalId: "before", summary: "old" });
    const { secret } = await t.setWebhook();
    const approval = await t.event("approval.requested", { approvalId: "ap1", kind: "tool_call", summary: "write_file src/a.ts" });
    await t.event("message.created", { messageId: "m1" });
    const verdict = await t.event("review.published", { pullRequestId: "pr1", verdict: "block", headSha: "abc" });
    const start = receiver.received.length;

    const fetch = webhookFetch();
    const [a, b] = await Promise.all([
      deliverWebhooks(t.prisma, fetch, { workspaceId: t.ws.id, origin: "https://gatehouse.example" }),
      deliverWebhooks(t.prisma, fetch, { workspaceId: t.ws.id, origin: "https://gatehouse.example" }),
    ]);
    expect(a + b).toBe(2);
    const got = receiver.received.slice(start);
    expect(got).toHaveLength(2);
    for (const delivery of got) {
      expect(delivery.headers["content-type"]).toBe("application/json");
      expect(verifySignature(secret!, String(delivery.headers["x-gatehouse-timestamp"]), delivery.body, String(delivery.headers["x-gatehouse-signature"]))).toBe(true);
      expect(verifySignature("wrong", String(delivery.headers["x-gatehouse-timestamp"]), delivery.body, String(delivery.headers["x-gatehouse-signature"]))).toBe(false);
    }
    const bodies = got.map((d) => JSON.parse(d.body)).sort((x, y) => Number(x.id) - Number(y.id));
    expect(bodies[0]).toMatchObject({
      id: approval.id.toString(),
      type: "approval.requested",
      workspace: { slug: t.ws.slug },
      approval: { id: "ap1", summary: "write_file src/a.ts", status: "pending", url: `https://gatehouse.example/w/${t.ws.slug}/inbox` },
    });
    expect(bodies[1]).toMatchObject({ id: verdict.id.toString(), type: "review.published", review: { verdict: "block", pullRequestId: "pr1" } });

    // Nothing is sent twice.
    expect(await deliverWebhooks(t.prisma, fetch, { workspaceId: t.ws.id, origin: "" })).toBe(0);
    expect(receiver.received.length).toBe(start + 2);
    const view = await getWorkspaceWebhook(t.prisma, t.ws.id);
    expect(view.recent.map((r) => [r.type, r.status])).toEqual([["review.published", 204], ["approval.requested", 204]]);
  });

  it("a webhook URL with credentials or another scheme is a 400-style field error; clearing it stops deliveries", async () => {
    const t = await setup();
    await expect(setWorkspaceWebhook(t.prisma, t.actor, { url: "ftp://x.example/h" })).rejects.toMatchObject({ name: "ZodError" });
    await expect(setWorkspaceWebhook(t.prisma, t.actor, { url: "https://user:pw@x.example/h" })).rejects.toMatchObject({ name: "ZodError" });
    await expect(setWorkspaceWebhook(t.prisma, { ...t.actor, role: "member" }, { url: "https://x.example/h" })).rejects.toMatchObject({ code: "forbidden" });
    await setWorkspaceWebhook(t.prisma, t.actor, { url: null });
    await t.event("approval.requested", { approvalId: "x" });
    expect(await deliverWebhooks(t.prisma, webhookFetch(), { workspaceId: t.ws.id, origin: "" })).toBe(0);
  });
});
