/**
 * Input schemas of the plan-mode output verb `submit_plan` (SPEC P1).
 *
 * These are the shapes only; graph rules (duplicate keys, unknown
 * dependencies, cycles) need the whole plan and live in ./validate-plan.ts.
 * The schemas stay free of transforms other than trimming so that
 * `z.toJSONSchema(submitPlanInput, { io: "input" })` gives the model an exact
 * tool schema.
 */
import { z } from "zod";

/**
 * A node key: 1–64 characters, letters, digits, ".", "_" or "-", starting with
 * a letter or digit. Keys become ticket keys and appear in URLs and Markdown,
 * so they are kept to characters that need no escaping anywhere.
 */
export const PLAN_KEY_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/i;

/** Limits shared by the schemas and the messages that explain them. */
export const PLAN_LIMITS = {
  goalMax: 2000,
  titleMax: 200,
  descriptionMax: 4000,
  nodesMin: 1,
  nodesMax: 1000,
  /** a node cannot meaningfully depend on more nodes than a plan can hold */
  dependsOnMax: 1000,
} as const;

const KEY_RULE =
  'must be 1–64 characters of letters, digits, ".", "_" or "-", starting with a letter or digit (e.g. "add-schema")';

/** One step of a plan: a key, what to do, and the keys of the steps it needs first. */
export const planNode = z
  .strictObject({
    key: z
      .string()
      .regex(PLAN_KEY_PATTERN, { error: KEY_RULE })
      .describe("Unique key of this step, e.g. \"add-schema\". Other steps name it in dependsOn."),
    title: z
      .string()
      .trim()
      .min(1)
      .max(PLAN_LIMITS.titleMax)
      .describe("Short imperative title, e.g. \"Add the Invoice table\"."),
    description: z
      .string()
      .max(PLAN_LIMITS.descriptionMax)
      .describe("What to change and how to verify it, in Markdown. May be empty."),
    dependsOn: z
      .array(z.string())
      .max(PLAN_LIMITS.dependsOnMax)
      .default([])
      .describe("Keys of the steps that must be finished before this one starts."),
  })
  .describe("One step of the plan.");

/** The arguments of `submit_plan`: a goal plus 1–1000 nodes. */
export const submitPlanInput = z
  .strictObject({
    goal: z
      .string()
      .trim()
      .min(1)
      .max(PLAN_LIMITS.goalMax)
      .describe("What the whole plan achieves, in one or two sentences."),
    nodes: z
      .array(planNode)
      .min(PLAN_LIMITS.nodesMin)
      .max(PLAN_LIMITS.nodesMax)
      .describe("The steps, as a dependency graph without cycles."),
  })
  .describe("A typed plan: a goal and a dependency graph of steps.");

/** A parsed plan node (dependsOn always present). */
export type PlanNode = z.output<typeof planNode>;
/** A parsed plan, as stored in `Plan.goal` and `Plan.nodes`. */
export type Plan = z.output<typeof submitPlanInput>;
/** What the model may send (dependsOn optional). */
export type SubmitPlanInput = z.input<typeof submitPlanInput>;

/** The minimum every graph operation needs; plans, tickets and drafts all fit it. */
export interface GraphNode {
  key: string;
  dependsOn: readonly string[];
}

/**
 * A plan version as read back from storage (`Plan.goal` and `Plan.nodes`),
 * which is all the diff, export and compile steps need. `Plan` fits it.
 */
export interface PlanVersionLike {
  goal: string;
  nodes: readonly PlanNodeLike[];
}

/** A stored plan node; readonly so callers can pass parsed JSON without copying. */
export interface PlanNodeLike {
  key: string;
  title: string;
  description: string;
  dependsOn: readonly string[];
}
