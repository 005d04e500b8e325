/**
 * Domain operations that tools reach through the harness. The web app binds
 * them to the database (lib/*); tests bind them to whatever they observe.
 * Tool files stay free of persistence and of Next.js.
 */
import type { TodoItem } from "../rooms/replace-todos";
import { ToolError } from "./types";

export interface PlanNodeInput {
  key: string;
  title: string;
  description: string;
  dependsOn: string[];
}


/** X4: how an agent's change_mode request ended. */
export interface ModeChangeResult {
  status: "switched" | "cancelled" | "pending" | "refused";
  approvalId: string | null;
  message: string;
  /** G6: the call waits for the person's decision on `approvalId`: the run parks, and the decision is this call's answer */
  waits?: boolean;
}

export interface ToolServices {
  plans: {
    /** P1: store a validated plan as a new version; returns its id and version */
    submit(plan: { goal: string; nodes: PlanNodeInput[] }): Promise<{ planId: string; version: number }>;
    /** P5: open or poll the plan_exit gate */
    requestExit(input: { reason?: string }): Promise<{ status: "pending" | "switched"; approvalId: string | null; message: string }>;
  };
  modes: {
    /**
     * X4: ask to switch the room's mode. Resolves when the switch applied, was
     * cancelled or refused, or is pending a person's durable approval (G6, P5);
     * `callId` lets a pending request answer the asking call when decided.
     */
    requestChange(input: { mode: string; reason?: string; signal?: AbortSignal; callId?: string }): Promise<ModeChangeResult>;
  };
  orchestration: {
    /** O1/O4: record a proposal (re-proposals within the cooldown are refused) */
    propose(payload: unknown): Promise<{ proposalId: string }>;
  };
  todos: {
    /** A1: replace the room's whole task list */
    replace(items: TodoItem[]): Promise<void>;
  };
  reviews: {
    /**
     * R2/R4: record a finding; a malformed one is dropped and the drop recorded.
     * `status` says what became of a well-formed one: a new record, an existing
     * one kept (same fingerprint), a resolved one reopened, or a dismissed one
     * not raised again.
     */
    addNode(raw: unknown): Promise<{ findingId: string; status?: "created" | "kept" | "reopened" | "suppressed" } | { dropped: string }>;
    /** R5: publish the review and form the verdict */
    finalize(input: { summary?: string; coverage?: { complete: boolean; unread: { path: string; reason: string }[] } }): Promise<{ verdict: string; explanation: string[] }>;
  };
  tickets: {
    create(input: { title: string; description: string }): Promise<{ ticketId: string }>;
  };
  comments: {
    post(input: { body: string }): Promise<{ messageId: string }>;
  };
  /**
   * R8: the room's branch got a commit (git_commit); pull requests whose head is that branch
   * follow it. Never throws: the commit is made whatever becomes of the pull requests.
   */
  branches?: {
    committed(input: { sha: string }): Promise<void>;
  };
  /** A6/A8: start a sub-agent's run that answers `callId` (once, however often asked) */
  subagents: {
    start(input: { callId: string; task: string; agent?: string }): Promise<{ childRunId: string }>;
  };
}

function unavailable(what: string): never {
  throw new ToolError(`${what} is not available here: this run has no room to record it in`);
}

/** Services for runs without a room (S4: a one-shot resolves to chat). */
export const noRoomServices: ToolServices = {
  plans: { submit: async () => unavailable("submitting a plan"), requestExit: async () => unavailable("leaving plan mode") },
  modes: { requestChange: async () => unavailable("changing mode") },
  orchestration: { propose: async () => unavailable("proposing an orchestration") },
  todos: { replace: async () => unavailable("a task list") },
  reviews: { addNode: async () => unavailable("a review finding"), finalize: async () => unavailable("finalizing a review") },
  tickets: { create: async () => unavailable("filing a ticket") },
  comments: { post: async () => unavailable("posting a comment") },
  subagents: { start: async () => unavailable("a sub-agent") },
};
