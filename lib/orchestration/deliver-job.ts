/**
 * O7: the job that turns a finished code ticket's work into a pull request
 * (or "no changes"). Keyed per ticket, so a repeated settle queues it once;
 * the handler is idempotent, so a worker that died mid-way leaves work the
 * next one finishes without a second pull request.
 */
import { z } from "zod";
import type { JobInput } from "../queue/enqueue-job";

export const TICKET_DELIVER = "ticket.deliver";

export const ticketDeliverPayload = z.object({ ticketId: z.string().min(1).max(64) });

export function ticketDeliverJob(ticketId: string): JobInput {
  return { kind: TICKET_DELIVER, payload: { ticketId }, key: `ticket-deliver:${ticketId}`, maxAttempts: 5 };
}
