/** A workspace's outgoing webhook: the body that sets it and what an admin sees. */
import { z } from "zod";

export const setWebhookBody = z.object({
  /** null turns the webhook off */
  url: z
    .url({ protocol: /^https?$/, error: "Enter an http(s) URL, e.g. https://chat.example/hooks/gatehouse." })
    .max(2000, "Use at most 2,000 characters.")
    .refine((u) => !/^[a-z]+:\/\/[^/]*@/i.test(u), "Put no user name or password in the URL; the signature authenticates each delivery.")
    .nullable(),
});
export type SetWebhookBody = z.infer<typeof setWebhookBody>;

/** The workspace events sent to the webhook. */
export const WEBHOOK_EVENT_TYPES = ["approval.requested", "approval.decided", "review.published"] as const;

export interface WebhookView {
  url: string | null;
  recent: { eventId: string; type: string; status: number | null; error: string | null; createdAt: string }[];
}
