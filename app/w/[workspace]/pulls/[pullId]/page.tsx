import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { preload } from "react-dom";
import { can } from "@/lib/auth/permissions";
import { getPrisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { latestEventId } from "@/lib/events/latest-event-id";
import { getPullRequest } from "@/lib/pulls/get-pull-request";
import { listFindings } from "@/lib/reviews/list-findings";
import { pullDiffUrl } from "@/components/pulls/keys";
import { ReviewRoom } from "@/components/reviews/review-room";
import { requireMembership } from "../../require-membership";

type Props = { params: Promise<{ workspace: string; pullId: string }> };

/**
 * One read per request, shared by the metadata and the page. The room's
 * newest event id is read BEFORE the snapshot: the live stream resumes after
 * it, so anything that lands while the snapshot is read is replayed, never lost.
 */
const loadPull = cache(async (slug: string, pullId: string) => {
  const { user, membership } = await requireMembership(slug);
  const prisma = await getPrisma();
  const room = await prisma.room.findFirst({ where: { pullRequestId: pullId, workspaceId: membership.workspaceId }, select: { id: true } });
  const lastEventId = room ? await latestEventId(prisma, { roomId: room.id }) : "0";
  try {
    const [detail, findings, active] = await Promise.all([
      getPullRequest(prisma, membership.workspaceId, pullId),
      listFindings(prisma, membership.workspaceId, pullId),
      room ? prisma.run.count({ where: { roomId: room.id, status: { in: ["queued", "running"] } } }) : 0,
    ]);
    return { user, membership, detail, findings, lastEventId, reviewing: active > 0 };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace, pullId } = await params;
  const { detail } = await loadPull(workspace, pullId);
  return { title: `#${detail.pullRequest.number} ${detail.pullRequest.title}` };
}

export default async function PullRoute({ params }: Readonly<Props>) {
  const { workspace, pullId } = await params;
  const { user, membership, detail, findings, lastEventId, reviewing } = await loadPull(workspace, pullId);
  // The diff is the heaviest read: the browser starts it with the page instead of after hydration (the query picks up the same URL).
  const pull = detail.pullRequest;
  preload(pullDiffUrl(membership.workspace.slug, pull.id, pull.baseSha, pull.headSha), { as: "fetch", crossOrigin: "anonymous" });
  return (
    <ReviewRoom
      key={detail.pullRequest.id}
      slug={membership.workspace.slug}
      initialDetail={detail}
      initialFindings={findings}
      lastEventId={lastEventId}
      initialReviewing={reviewing}
      canWrite={can(membership.role, "write")}
      userId={user.id}
    />
  );
}
