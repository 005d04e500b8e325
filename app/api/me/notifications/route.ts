/** PATCH the caller's notification settings. */
import { notificationSettingsBody } from "@/lib/notifications/schemas";
import { updateNotificationSettings } from "@/lib/notifications/update-notification-settings";
import { readJson, withUser } from "@/server/with-workspace";

export const PATCH = withUser(async ({ req, prisma, user }) => {
  const body = await readJson(req, notificationSettingsBody);
  return Response.json({ settings: await updateNotificationSettings(prisma, user.id, body) });
});
