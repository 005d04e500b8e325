/**
 * R3: how many confirmations from people other than its author a finding of
 * each priority needs before it is consensusReady. A workspace setting, stored
 * as versioned JSON on Workspace.requiredConfirmations and parsed where it is
 * read; absent (or of a version this build does not know) means one for every
 * priority, which is R3's plain reading ("when another person confirms it").
 */
import { z } from "zod";
import { PRIORITIES, type Priority } from "./schemas";

/** The most a workspace may ask for: beyond five, a finding would rarely reach consensus in a small team. */
export const MAX_REQUIRED_CONFIRMATIONS = 5;

const count = z
  .number({ error: "must be a whole number from 1 to 5" })
  .int("must be a whole number from 1 to 5")
  .min(1, "at least one confirmation: R3 needs another person")
  .max(MAX_REQUIRED_CONFIRMATIONS, `at most ${MAX_REQUIRED_CONFIRMATIONS} confirmations`);

/** PUT …/review-settings: a count per priority (all four). */
export const requiredConfirmationsBody = z.strictObject({
  requiredConfirmations: z.strictObject({ P0: count, P1: count, P2: count, P3: count }),
});
export type RequiredConfirmationsBody = z.infer<typeof requiredConfirmationsBody>;

export type RequiredConfirmations = Record<Priority, number>;

export const DEFAULT_REQUIRED_CONFIRMATIONS: Readonly<RequiredConfirmations> = Object.freeze({ P0: 1, P1: 1, P2: 1, P3: 1 });

const storedV1 = z.object({ version: z.literal(1), byPriority: z.strictObject({ P0: count, P1: count, P2: count, P3: count }) });

/** Workspace.requiredConfirmations as read: a stored value this build cannot read falls back to the default. */
export function readRequiredConfirmations(stored: unknown): RequiredConfirmations {
  const parsed = storedV1.safeParse(stored);
  return parsed.success ? { ...parsed.data.byPriority } : { ...DEFAULT_REQUIRED_CONFIRMATIONS };
}

/** What is written to Workspace.requiredConfirmations. */
export function storedRequiredConfirmations(value: RequiredConfirmations): z.infer<typeof storedV1> {
  return { version: 1, byPriority: Object.fromEntries(PRIORITIES.map((p) => [p, value[p]])) as RequiredConfirmations };
}

/** R3: the status confirmations give a live finding: consensusReady once there are enough, else open. */
export function consensusStatus(priority: Priority, confirmations: number, required: RequiredConfirmations): "open" | "consensusReady" {
  return confirmations >= required[priority] ? "consensusReady" : "open";
}

/** How many more confirmations a finding needs (0 when it has consensus). */
export function confirmationsMissing(priority: Priority, confirmations: number, required: RequiredConfirmations): number {
  return Math.max(0, required[priority] - confirmations);
}
