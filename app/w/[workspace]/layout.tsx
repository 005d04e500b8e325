import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getPrisma } from "@/lib/db/client";
import { listWorkspaces } from "@/lib/workspaces/list-workspaces";
import { AppBar } from "@/components/workspaces/app-bar";
import { WorkspaceNav } from "@/components/workspaces/workspace-nav";
import { NotificationListener } from "@/components/notifications/notification-listener";
import { NotificationsMenu } from "@/components/notifications/notifications-menu";
import { CommandPalette } from "@/components/command/command-palette";
import { WorkspaceProvider } from "@/components/workspaces/workspace-context";
import { WorkspaceSwitcher } from "@/components/workspaces/workspace-switcher";
import { requireMembership } from "./require-membership";

type Props = { params: Promise<{ workspace: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace } = await params;
  const { membership } = await requireMembership(workspace);
  return { title: { default: membership.workspace.name, template: `%s · ${membership.workspace.name} · Gatehouse` } };
}

export default async function WorkspaceLayout({ params, children }: Readonly<Props & { children: ReactNode }>) {
  const { workspace } = await params;
  const { user, membership } = await requireMembership(workspace);
  const workspaces = await listWorkspaces(await getPrisma(), user.id);
  return (
    <WorkspaceProvider value={{ workspace: membership.workspace, role: membership.role, user }}>
      <AppBar user={user} switcher={<WorkspaceSwitcher workspaces={workspaces} current={membership.workspace.slug} />} tools={<NotificationsMenu slug={membership.workspace.slug} />}>
        <WorkspaceNav slug={membership.workspace.slug} />
      </AppBar>
      <NotificationListener slug={membership.workspace.slug} />
      <CommandPalette slug={membership.workspace.slug} />
      <main id="main" className="mx-auto max-w-7xl px-4 py-6">
        {children}
      </main>
    </WorkspaceProvider>
  );
}
