import "server-only";
/** A person's own notification choices; they apply in every workspace. */
import type { Prisma } from "../db/client";
import { notificationSettingsBody, type NotificationSettings, type NotificationSettingsBody } from "./schemas";

export async function updateNotificationSettings(prisma: Prisma, userId: string, input: NotificationSettingsBody): Promise<NotificationSettings> {
  const data = notificationSettingsBody.parse(input);
  return prisma.user.update({ where: { id: userId }, data, select: { notifyApprovals: true, notifyVerdicts: true, notifyMentions: true } });
}
