import "server-only";
/** A person's own notification choices; they apply in every workspace. */
import type { PrismaClient } from "../db/generated/client";
import { notificationSettingsBody, type NotificationSettings, type NotificationSettingsBody } from "./schemas";

export async function updateNotificationSettings(prisma: PrismaClient, userId: string, input: NotificationSettingsBody): Promise<NotificationSettings> {
  const data = notificationSettingsBody.parse(input);
  return prisma.user.update({ where: { id: userId }, data, select: { notifyApprovals: true, notifyVerdicts: true, notifyMentions: true, notifyPulls: true, notifyReviewRequests: true } });
}
