/**
 * S2, S3: a pipeline is data — steps with dependencies, each an agent's work,
 * a review or the synthesis — stored as ticket rows and run on the queue by
 * lib/orchestration. This file holds what a step is and the one decision a
 * step makes about a room it opens: its mode.
 */
import { z } from "zod";

/** What a step does. A review step's room defaults to review mode. */
export const STEP_KINDS = ["agent", "review", "synthesis"] as const;
export type StepKind = (typeof STEP_KINDS)[number];

/**
 * S2: the modes `extras['mode']` may set on a room a step opens. Orchestrate
 * is deliberately absent: a pipeline never opens a room that could propose
 * (and so hire) on its own.
 */
export const STEP_SETTABLE_MODES = ["chat", "review", "plan"] as const;
export type StepRoomMode = (typeof STEP_SETTABLE_MODES)[number];

/** A step's options as stored in `Ticket.extras`; unknown keys are kept and ignored. */
export const stepExtras = z.record(z.string(), z.unknown());
export type StepExtras = z.infer<typeof stepExtras>;

/** The mode a room gets from the step that creates it when extras say nothing usable. */
export function defaultStepMode(kind: string): StepRoomMode {
  return kind === "review" ? "review" : "chat";
}

/**
 * S2: the mode of a room a step opens. `extras['mode']` applies only on an
 * exact match of `chat`, `review` or `plan`; any other value — `orchestrate`,
 * `Review`, `plan ` with a space, a number — is ignored silently and the
 * step's default applies. Never called for a room the step joins (S3).
 */
export function stepRoomMode(kind: string, extras: unknown): StepRoomMode {
  const value = extras !== null && typeof extras === "object" && !Array.isArray(extras) ? (extras as Record<string, unknown>).mode : undefined;
  return typeof value === "string" && (STEP_SETTABLE_MODES as readonly string[]).includes(value) ? (value as StepRoomMode) : defaultStepMode(kind);
}
