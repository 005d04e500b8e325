import type { Metadata } from "next";
import { can } from "@/lib/auth/permissions";
import { getPrisma } from "@/lib/db/client";
import { latestEventId } from "@/lib/events/latest-event-id";
import { listPullRequests } from "@/lib/pulls/list-pull-requests";
import { listRepositories } from "@/lib/repositories/list-repositories";
import { PullsList } from "@/components/pulls/pulls-list";
import { requireMembership } from "../require-membership";

export const metadata: Metadata = { title: "Pull requests" };

export default async function PullsPage({ params }: Readonly<{ params: Promise<{ workspace: string }> }>) {
  const { workspace } = await params;
  const { membership } = await requireMembership(workspace);
  const prisma = await getPrisma();
  // The newest workspace event first: the live list resumes after it, so nothing between it and the snapshot is lost.
  const lastEventId = await latestEventId(prisma, { workspaceId: membership.workspaceId });
  const [pulls, repositories] = await Promise.all([listPullRequests(prisma, membership.workspaceId), listRepositories(prisma, membership.workspaceId)]);
  return (
    <PullsList
      slug={membership.workspace.slug}
      initialPulls={pulls}
      lastEventId={lastEventId}
      repositories={repositories}
      canWrite={can(membership.role, "write")}
    />
  );
}
