import { redirect } from "next/navigation";

export default async function SettingsPage({ params }: Readonly<{ params: Promise<{ workspace: string }> }>) {
  const { workspace } = await params;
  redirect(`/w/${encodeURIComponent(workspace)}/settings/members`);
}
