import type { Metadata } from "next";
import { getPrisma } from "@/lib/db/client";
import { repositoryRoots } from "@/lib/repositories/check-host-path";
import { listRepositories } from "@/lib/repositories/list-repositories";
import { RepositoriesPanel } from "@/components/settings/repositories-panel";
import { requireMembership } from "../../require-membership";

export const metadata: Metadata = { title: "Repositories" };

export default async function RepositoriesPage({ params }: Readonly<{ params: Promise<{ workspace: string }> }>) {
  const { workspace } = await params;
  const { membership } = await requireMembership(workspace);
  const repositories = await listRepositories(await getPrisma(), membership.workspaceId);
  return <RepositoriesPanel initialRepositories={repositories} allowedRoots={await repositoryRoots()} />;
}
