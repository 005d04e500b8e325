import type { Metadata } from "next";
import { listApprovals } from "@/lib/approvals/list-approvals";
import { can } from "@/lib/auth/permissions";
import { getPrisma } from "@/lib/db/client";
import { latestEventId } from "@/lib/events/latest-event-id";
import { listPendingProposals } from "@/lib/orchestration/list-pending-proposals";
import { listMyReviewRequests } from "@/lib/pulls/list-my-review-requests";
import { InboxView } from "@/components/inbox/inbox-view";
import { requireMembership } from "../require-membership";

export const metadata: Metadata = { title: "Inbox" };

export default async function InboxPage({ params }: Readonly<{ params: Promise<{ workspace: string }> }>) {
  const { workspace } = await params;
  const { user, membership } = await requireMembership(workspace);
  const prisma = await getPrisma();
  const [approvals, proposals, reviewRequests, lastEventId] = await Promise.all([
    listApprovals(prisma, membership.workspaceId, { status: "all" }),
    listPendingProposals(prisma, membership.workspaceId),
    listMyReviewRequests(prisma, membership.workspaceId, user.id),
    // The newest workspace event: the live inbox continues from exactly this snapshot.
    latestEventId(prisma, { workspaceId: membership.workspaceId }),
  ]);
  return (
    <InboxView
      slug={membership.workspace.slug}
      initialApprovals={approvals}
      initialProposals={proposals}
      reviewRequests={reviewRequests}
      lastEventId={lastEventId}
      canWrite={can(membership.role, "write")}
    />
  );
}
