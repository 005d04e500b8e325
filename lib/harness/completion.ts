/**
 * Completion contracts are a hook of the profile (M3 "required output verb").
 * The harness asks the hook what to inject when a run would end without
 * delivering, and which terminal outcome the run reached (A4).
 */
import type { CompletionContract } from "../modes/types";
import { decidePlanOutcome, PLAN_NUDGE } from "../plans/outcome";

export interface CompletionFacts {
  /** the output verb succeeded */
  delivered: boolean;
  nudged: boolean;
  /** the model's last text */
  lastText: string;
}

export interface CompletionHook {
  /** injected once, as a user message, when the run would end without delivering */
  nudge: string;
  /** the terminal outcome recorded on the run */
  outcome(facts: CompletionFacts): string;
}

const HOOKS: Record<Exclude<CompletionContract, "none">, CompletionHook> = {
  // P4, A4: a plan is approved later by a person; at the end of the run it is at most drafted.
  plan: {
    nudge: PLAN_NUDGE,
    outcome: (facts) => decidePlanOutcome({ submittedPlan: facts.delivered, planApproved: false, finalText: facts.lastText }),
  },
};

export function completionHook(contract: CompletionContract): CompletionHook | null {
  return contract === "none" ? null : HOOKS[contract];
}
