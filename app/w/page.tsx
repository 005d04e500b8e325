import type { Metadata } from "next";
import { getPrisma } from "@/lib/db/client";
import { listWorkspaces } from "@/lib/workspaces/list-workspaces";
import { requireUser } from "@/server/session";
import { AppBar } from "@/components/workspaces/app-bar";
import { CreateWorkspaceForm } from "@/components/workspaces/create-workspace-form";
import { WorkspaceList } from "@/components/workspaces/workspace-list";

export const metadata: Metadata = { title: "Workspaces" };

export default async function WorkspacesPage() {
  const user = await requireUser("/w");
  const workspaces = await listWorkspaces(await getPrisma(), user.id);
  return (
    <>
      <AppBar user={user} />
      <main id="main" className="mx-auto max-w-3xl space-y-8 px-4 py-10">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Your workspaces</h1>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            A workspace holds a team&apos;s members, repositories, agents and rooms.
          </p>
        </div>
        <WorkspaceList workspaces={workspaces} email={user.email} />
        <CreateWorkspaceForm first={workspaces.length === 0} />
      </main>
    </>
  );
}
