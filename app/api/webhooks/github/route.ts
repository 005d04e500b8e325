import { getPrisma } from "@/lib/db/client";
import { receiveGithubWebhook } from "@/lib/pulls/receive-github-webhook";
import { AppError } from "@/lib/errors/app-error";
import { errorResponse } from "@/server/error-response";

/** GitHub allows 25 MB; pull_request and check_run payloads are far smaller. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;

/**
 * Issue 5 §1b: GitHub deliveries. The body is read as raw bytes (the signature
 * covers exactly those), verified, deduplicated and queued; 202 either way.
 */
export async function POST(req: Request): Promise<Response> {
  try {
    const declared = Number(req.headers.get("content-length") ?? 0);
    if (declared > MAX_BODY_BYTES) throw new AppError("bad_request", "The delivery is too large.");
    const body = new Uint8Array(await req.arrayBuffer());
    if (body.byteLength > MAX_BODY_BYTES) throw new AppError("bad_request", "The delivery is too large.");
    const answer = await receiveGithubWebhook(await getPrisma(), {
      event: req.headers.get("x-github-event"),
      deliveryId: req.headers.get("x-github-delivery"),
      signature: req.headers.get("x-hub-signature-256"),
      body,
    });
    return Response.json(answer, { status: 202 });
  } catch (error) {
    return errorResponse(error);
  }
}
