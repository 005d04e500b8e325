import { getPrisma } from "@/lib/db/client";
import { receiveGithubWebhook } from "@/lib/github/receive-github-webhook";
import { errorResponse } from "@/server/error-response";
import { BODY_LIMITS, readBodyCapped } from "@/server/read-body";

/**
 * GitHub deliveries. The body is read as raw bytes (the signature covers
 * exactly those) with a limit while it streams (H5: 413 past it, the rest
 * unread), then verified, deduplicated and queued; 202 either way.
 */
export async function POST(req: Request): Promise<Response> {
  try {
    const body = await readBodyCapped(req, BODY_LIMITS.webhook);
    const answer = await receiveGithubWebhook(await getPrisma(), {
      event: req.headers.get("x-github-event"),
      contentType: req.headers.get("content-type"),
      deliveryId: req.headers.get("x-github-delivery"),
      signature: req.headers.get("x-hub-signature-256"),
      body,
    });
    return Response.json(answer, { status: 202 });
  } catch (error) {
    return errorResponse(error);
  }
}
