/**
 * The JSON a webhook receives for one workspace event. Stored event data is
 * parsed here with a schema (never cast); only what a chat tool needs to say
 * "an approval waits" or "verdict: block" goes out — no tool arguments beyond
 * the approval's one-line summary, no finding bodies.
 */
import { z } from "zod";

const approvalData = z.object({ approvalId: z.string(), kind: z.string().optional(), summary: z.string().optional(), status: z.string().optional() });
const reviewData = z.object({ pullRequestId: z.string(), verdict: z.string(), headSha: z.string().optional() });

export interface WebhookPayload {
  /** the workspace event id: unique per workspace, use it to drop repeats */
  id: string;
  type: string;
  createdAt: string;
  workspace: { slug: string; name: string };
  approval?: { id: string; kind: string | null; summary: string | null; status: string | null; url: string };
  review?: { pullRequestId: string; verdict: string; headSha: string | null; url: string };
}

export function buildPayload(
  event: { id: bigint; type: string; data: unknown; createdAt: Date },
  workspace: { slug: string; name: string },
  origin: string,
): WebhookPayload | null {
  const base = `${origin}/w/${encodeURIComponent(workspace.slug)}`;
  const head = { id: event.id.toString(), type: event.type, createdAt: event.createdAt.toISOString(), workspace };
  if (event.type === "approval.requested" || event.type === "approval.decided") {
    const data = approvalData.safeParse(event.data);
    if (!data.success) return null;
    const d = data.data;
    return {
      ...head,
      approval: {
        id: d.approvalId,
        kind: d.kind ?? null,
        summary: d.summary?.slice(0, 300) ?? null,
        status: d.status ?? (event.type === "approval.requested" ? "pending" : null),
        url: `${base}/inbox`,
      },
    };
  }
  if (event.type === "review.published") {
    const data = reviewData.safeParse(event.data);
    if (!data.success) return null;
    return { ...head, review: { pullRequestId: data.data.pullRequestId, verdict: data.data.verdict, headSha: data.data.headSha ?? null, url: `${base}/pulls/${data.data.pullRequestId}` } };
  }
  return null;
}
