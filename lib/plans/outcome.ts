/**
 * SPEC A4 and P4: how a plan-mode run ended, and the one nudge a run gets
 * before it may end without a plan.
 *
 * The AgentScope seed warns that "not in plan mode any more" alone is
 * ambiguous; the outcome is therefore decided from facts about the run (was
 * there a successful submit_plan, is its plan approved, what did the final
 * message say), never from the room's mode.
 */

/** A4: the four terminal states of a plan-mode run, as stored in `Run.outcome`. */
export const PLAN_OUTCOMES = ["never_planned", "plan_drafted", "plan_approved", "narrated_plan"] as const;

/**
 * A4 terminal state of a plan-mode run.
 * - `never_planned`: no successful submit_plan and no plan narrated — e.g. a plain
 *   question answered with "no plan is needed here". A valid ending.
 * - `plan_drafted`: a plan was submitted and is not approved (yet); a rejected plan
 *   stays here until a revised one is approved.
 * - `plan_approved`: a plan this run submitted was approved.
 * - `narrated_plan`: the run ended with plan-like text but never a successful submit_plan.
 */
export type PlanOutcome = (typeof PLAN_OUTCOMES)[number];

/** Short labels for the room's run header. */
export const PLAN_OUTCOME_LABELS: Readonly<Record<PlanOutcome, string>> = {
  never_planned: "No plan needed",
  plan_drafted: "Plan drafted, awaiting approval",
  plan_approved: "Plan approved",
  narrated_plan: "Described a plan without submitting it",
};

/** What the harness knows about a finished plan-mode run. */
export interface PlanRunFacts {
  /** at least one submit_plan call in this run succeeded (refused calls do not count) */
  submittedPlan: boolean;
  /** the latest plan this run submitted has been approved */
  planApproved: boolean;
  /** the run's last assistant message, if any */
  finalText: string | null;
}

/** A4: decide the terminal state. A submitted plan beats any narration; an honest exit beats plan-like text. */
export function decidePlanOutcome(facts: PlanRunFacts): PlanOutcome {
  if (facts.submittedPlan) return facts.planApproved ? "plan_approved" : "plan_drafted";
  const text = facts.finalText ?? "";
  if (saysNoPlanNeeded(text)) return "never_planned";
  return looksLikeNarratedPlan(text) ? "narrated_plan" : "never_planned";
}

/** Marks injected harness messages so transcripts and the UI can tell them from people's messages. */
export const NUDGE_MARKER = "[gatehouse:nudge]";

/**
 * P4: the one message injected when a plan-mode run is about to end without a
 * successful submit_plan. It states that only a successful call creates a plan
 * and explicitly allows the honest exit, so a plain question never forces a
 * sham plan.
 */
export const PLAN_NUDGE =
  `${NUDGE_MARKER} This room is in plan mode, and your turn is ending without a plan. ` +
  "A plan exists only when a submit_plan call succeeds: a plan written out in your reply is not saved, " +
  "cannot be approved and will not run. " +
  "If this request needs a plan, call submit_plan now with the goal and the steps (key, title, description, dependsOn); " +
  "if an earlier call was refused, fix the problems it listed and call it again. " +
  'If it needs no plan (for example, it was a plain question), that is fine: answer it and say "no plan is needed here". ' +
  "Do not invent a plan just to have one.";

/** Whether a message is a harness nudge (P4) rather than something a person wrote. */
export function isNudge(text: string): boolean {
  return text.trimStart().startsWith(NUDGE_MARKER);
}

/** Facts that decide whether the harness injects the P4 nudge now. */
export interface NudgeFacts {
  /** a submit_plan call in this run has succeeded */
  submittedPlan: boolean;
  /** the nudge was already injected in this run */
  nudged: boolean;
}

/**
 * P4: a plan-mode run that is about to end without a successful submit_plan
 * gets exactly one nudge. It is sent even when the reply already took the
 * honest exit: the spec promises the nudge to every such run, and the nudge
 * itself permits the exit, so the cost is one short turn. After the nudge the
 * run may end however it likes; decidePlanOutcome records how.
 */
export function needsPlanNudge(facts: NudgeFacts): boolean {
  return !facts.submittedPlan && !facts.nudged;
}

/**
 * The honest exit: the agent says no plan is needed. Case-insensitive, straight
 * or curly apostrophes, and a few natural variants ("no plan needed",
 * "doesn't need a plan", "a plan isn't necessary"), plus German because one of
 * the seeds is German and people write in it.
 */
export function saysNoPlanNeeded(text: string): boolean {
  const t = text.replace(/[’‘`´]/g, "'").replace(/\s+/g, " ").toLowerCase();
  return HONEST_EXIT_PATTERNS.some((re) => re.test(t));
}

const NEEDED = "(?:needed|necessary|required|warranted|called for)";
const HONEST_EXIT_PATTERNS: readonly RegExp[] = [
  // "no plan is needed", "no plan needed", "no formal plan is necessary", "no planning is required"
  new RegExp(`\\bno (?:\\w+ )?(?:plan|planning)(?: is| was)? ${NEEDED}`),
  // "there is no need for a plan", "no need to plan", "no need to make a plan"
  /\bno need (?:for (?:a |any )?(?:\w+ )?plan|to (?:make |write |submit |draft |create )?(?:a |any )?plan)\b/,
  // "doesn't need a plan", "does not require a plan", "don't need a plan"
  /\b(?:doesn't|does not|don't|do not|didn't|did not|won't|will not) (?:really )?(?:need|require|warrant) (?:a |any )?(?:\w+ )?(?:plan|planning)\b/,
  // "a plan isn't needed", "a plan is not necessary", "planning is unnecessary"
  new RegExp(`\\b(?:a |any )?(?:plan|planning) (?:isn't|is not|wasn't|was not|is un)(?: really)? ?${NEEDED}`),
  /\b(?:plan|planning) is unnecessary\b/,
  // German: "kein Plan nötig", "es ist kein Plan erforderlich", "braucht keinen Plan"
  /\bkein(?:en)? plan (?:ist )?(?:nötig|notwendig|erforderlich)\b/,
  /\b(?:braucht|brauche|benötigt|erfordert) (?:es )?keinen plan\b/,
];

/**
 * A4 heuristic: does this text read like a plan that should have been a
 * submit_plan call? True for a plan heading or "here is the plan" cue with
 * at least two list items, for three or more numbered or checkbox steps, for
 * two or more "Step N" markers, or for three or more bullets that start with
 * an imperative verb. A bare "Plan:" heading followed by prose counts too.
 * Plain prose, a short answer or a list of facts does not.
 */
export function looksLikeNarratedPlan(text: string): boolean {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let numbered = 0;
  let checkboxes = 0;
  let bullets = 0;
  let imperativeBullets = 0;
  let stepMarkers = 0;
  let planHeading = false;
  let contentAfterHeading = false;
  let inFence = false;

  for (const raw of lines) {
    const line = raw.trim();
    if (line.startsWith("```") || line.startsWith("~~~")) {
      inFence = !inFence;
      continue;
    }
    // Code is evidence of an answer, not of steps.
    if (inFence || line === "") continue;
    if (planHeading) contentAfterHeading = true;
    if (PLAN_HEADING.test(line)) {
      planHeading = true;
      contentAfterHeading = PLAN_HEADING_INLINE.test(line);
      continue;
    }
    if (/^step\s+\d+\b/i.test(line.replace(/^[#*_\s-]+/, ""))) stepMarkers++;
    if (/^[-*+•]\s+\[[ xX]\]\s+\S/.test(line)) {
      checkboxes++;
      continue;
    }
    if (/^\(?\d{1,3}[.)]\s+\S/.test(line)) {
      numbered++;
      continue;
    }
    const m = /^[-*+•]\s+(.*)$/.exec(line);
    if (m) {
      bullets++;
      const first = m[1]!.replace(/^[*_`]+/, "").split(/\s/, 1)[0]!.toLowerCase();
      if (IMPERATIVE_VERBS.has(first)) imperativeBullets++;
    }
  }

  const items = numbered + checkboxes + bullets;
  const cue = planHeading || PLAN_CUE.test(text);
  if (cue && items >= 2) return true;
  if (planHeading && contentAfterHeading) return true;
  if (numbered + checkboxes >= 3) return true;
  if (stepMarkers >= 2) return true;
  return imperativeBullets >= 3;
}

/** "## Plan", "Implementation plan:", "**Proposed plan**", "Plan:" — a line that introduces a plan. */
const PLAN_HEADING =
  /^(?:#{1,6}\s*)?[*_]{0,2}(?:(?:the|my|proposed|implementation|execution|action|suggested|refactoring|migration)\s+)?plan[*_]{0,2}\s*(?::|$|[*_]{0,2}:)/i;
/** A plan heading with the plan on the same line ("Plan: first …"). */
const PLAN_HEADING_INLINE = /:\s*\S/;
/** Prose that announces a plan. */
const PLAN_CUE =
  /\b(?:here(?:'s| is) (?:the|my|a) (?:\w+ )?plan|(?:proposed|implementation|step-by-step) plan|the plan is|i (?:will|'ll|would|plan to) (?:proceed|do this) as follows|steps? (?:are|is) as follows)\b/i;

/** First words of a bullet that make it a step rather than a fact. */
const IMPERATIVE_VERBS = new Set([
  "add", "adjust", "build", "change", "check", "clean", "configure", "convert", "create", "define", "delete",
  "deploy", "document", "ensure", "extract", "fix", "implement", "install", "introduce", "merge", "migrate",
  "modify", "move", "refactor", "remove", "rename", "replace", "rewrite", "run", "set", "split", "test",
  "update", "upgrade", "validate", "verify", "wire", "write",
]);
