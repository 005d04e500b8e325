import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { can } from "@/lib/auth/permissions";
import { getPrisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { getRunChanges } from "@/lib/runs/get-run-changes";
import { RunChangesView } from "@/components/runs/run-changes-view";
import { requireMembership } from "../../../require-membership";

type Props = { params: Promise<{ workspace: string; runId: string }> };

const loadChanges = cache(async (slug: string, runId: string) => {
  const { membership } = await requireMembership(slug);
  try {
    return { membership, changes: await getRunChanges(await getPrisma(), membership.workspaceId, runId) };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace, runId } = await params;
  const { changes } = await loadChanges(workspace, runId);
  return { title: changes.ticket ? `Changes of ${changes.ticket.key}` : "Changes of a run" };
}

/** What a ticket's or a room's run changed: commits and their diff, from Gatehouse's mirror. */
export default async function RunChangesRoute({ params }: Readonly<Props>) {
  const { workspace, runId } = await params;
  const { membership, changes } = await loadChanges(workspace, runId);
  return <RunChangesView slug={membership.workspace.slug} changes={changes} canWrite={can(membership.role, "write")} />;
}
