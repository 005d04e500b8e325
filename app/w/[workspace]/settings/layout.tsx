import type { ReactNode } from "react";
import { SettingsTabs } from "@/components/settings/settings-tabs";
import { requireMembership } from "../require-membership";

type Props = { params: Promise<{ workspace: string }> };

export default async function SettingsLayout({ params, children }: Readonly<Props & { children: ReactNode }>) {
  const { workspace } = await params;
  const { membership } = await requireMembership(workspace);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Members, repositories and agents of {membership.workspace.name}.</p>
      </div>
      <SettingsTabs slug={membership.workspace.slug} />
      {children}
    </div>
  );
}
