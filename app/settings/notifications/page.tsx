import type { Metadata } from "next";
import { getPrisma } from "@/lib/db/client";
import { handleOf } from "@/lib/notifications/mentions";
import { requireUser } from "@/server/session";
import { NotificationSettingsPanel } from "@/components/notifications/notification-settings-panel";
import { AppBar } from "@/components/workspaces/app-bar";

export const metadata: Metadata = { title: "Notifications" };

/** Personal settings: what to be notified about, and browser notifications on this device. */
export default async function NotificationSettingsPage() {
  const user = await requireUser("/settings/notifications");
  const settings = await (await getPrisma()).user.findUniqueOrThrow({
    where: { id: user.id },
    select: { notifyApprovals: true, notifyVerdicts: true, notifyMentions: true, notifyPulls: true, notifyReviewRequests: true },
  });
  return (
    <>
      <AppBar user={user} />
      <main id="main" className="mx-auto max-w-3xl space-y-8 px-4 py-10">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Notifications</h1>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            What Gatehouse tells you about, in every workspace you belong to. The inbox counts new decisions either way.
          </p>
        </div>
        <NotificationSettingsPanel initial={settings} handle={handleOf(user.email)} altHandle={user.email.toLowerCase().replace("@", ".")} />
      </main>
    </>
  );
}
