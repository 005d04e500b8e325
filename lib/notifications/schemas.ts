/** Notification settings and what a person is notified about. */
import { z } from "zod";

export const notificationSettingsBody = z
  .object({
    notifyApprovals: z.boolean({ message: "Use true or false." }).optional(),
    notifyVerdicts: z.boolean({ message: "Use true or false." }).optional(),
    notifyMentions: z.boolean({ message: "Use true or false." }).optional(),
    notifyPulls: z.boolean({ message: "Use true or false." }).optional(),
    notifyReviewRequests: z.boolean({ message: "Use true or false." }).optional(),
  })
  .strict();
export type NotificationSettingsBody = z.infer<typeof notificationSettingsBody>;

export interface NotificationSettings {
  /** approvals, submitted plans and orchestration proposals waiting on a decision this person could take */
  notifyApprovals: boolean;
  /** verdicts on pull requests this person opened or was asked to review */
  notifyVerdicts: boolean;
  notifyMentions: boolean;
  /** pull requests someone else opened */
  notifyPulls: boolean;
  /** someone asks this person for a review */
  notifyReviewRequests: boolean;
}

/** A workspace event cursor from a query string (`?after=`): a non-negative integer. */
export const notificationCursor = z
  .string()
  .regex(/^\d{1,19}$/, "after must be an event id (a whole number).")
  .transform((v) => BigInt(v));

export type NotificationKind = "approval" | "plan" | "proposal" | "pull" | "review_request" | "verdict" | "mention";

/** One thing that concerns this person, newest event last. */
export interface NotificationItem {
  /** the workspace event id it came from (unique per workspace) */
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** where it opens, a path of this site */
  href: string;
}

export interface NotificationsView {
  /** pending decisions that arrived after this person last opened the inbox */
  unread: number;
  /** events after the asked cursor that concern this person (empty without `after`) */
  items: NotificationItem[];
  /** the newest workspace event id: ask `after` this next time */
  cursor: string;
  settings: NotificationSettings;
}
