/**
 * R5: form a Ship/Hold/Block verdict from the counted findings and the axis
 * results for one head, and say why in plain language. The verdict only ever
 * moves towards stricter: every rule contributes a floor and the verdict is
 * the strictest floor. Missing evidence never turns a gate green.
 */
import { pickAxisResults, type AxisTableRow, type VerdictAxisResult } from "./pick-axis-results";
import { explainAxis } from "./explain-axis";
import { confirmationsMissing, type RequiredConfirmations } from "./required-confirmations";
import { PRIORITIES, stricter, type AxisDeclaration, type FindingStatus, type Priority, type ReviewCoverage, type Verdict } from "./schemas";

export type { AxisTableRow, VerdictAxisResult } from "./pick-axis-results";

/** R5: what the verdict needs to know about a finding (a Finding row fits). */
export interface VerdictFinding {
  id?: string;
  priority: Priority;
  confidence: number;
  title: string;
  status: FindingStatus;
  /** its anchored lines changed in a later push; it still counts until resolved */
  outdated?: boolean;
  /** R3: confirmations from people other than its author (absent: not known, nothing said about consensus) */
  confirmations?: number;
}

/** R5: everything a verdict is formed from. */
export interface FormVerdictInput {
  findings: readonly VerdictFinding[];
  /** the axes declared in gatehouse.axes.json at the head */
  axes: readonly Pick<AxisDeclaration, "name" | "gated">[];
  /** axis results; if `headSha` is given, results for other heads are ignored */
  results: readonly VerdictAxisResult[];
  /** the workspace's threshold: findings below it do not count */
  confidenceThreshold: number;
  headSha?: string;
  /**
   * Set when gatehouse.axes.json exists but could not be read (see
   * readAxesFile). The gates are then unknown, which is not green: at least hold.
   */
  axesError?: string;
  /** R11: what the review read; absent = not stated (a reviewer that does not report coverage) */
  coverage?: ReviewCoverage | null;
  /** R11: the person who accepted this head's coverage gap, by name */
  gapAcceptedBy?: string | null;
  /** R3: the workspace's confirmations per priority; with it, findings lacking consensus are named */
  requiredConfirmations?: RequiredConfirmations;
}

/** R5: one rule that applied, with the floor it set. */
export interface VerdictRule {
  rule: string;
  effect: Verdict;
  text: string;
}

/** R5: the verdict with its explanation (stored as Review.verdict + Review.explanation). */
export interface VerdictOutcome {
  verdict: Verdict;
  rules: VerdictRule[];
  axisTable: AxisTableRow[];
}

/** Statuses that still count: open and consensusReady (resolved/dismissed don't). */
const COUNTED: ReadonlySet<FindingStatus> = new Set<FindingStatus>(["open", "consensusReady"]);
const FINDING_EFFECT: Partial<Record<Priority, Verdict>> = { P0: "block", P1: "hold" };

/** R5: form the verdict and the list of rules that made it. */
export function formVerdict(input: FormVerdictInput): VerdictOutcome {
  const rules: VerdictRule[] = [];
  const threshold = effectiveThreshold(input.confidenceThreshold, rules);
  const th = String(threshold);

  const blocking: VerdictRule[] = [];
  const holding: VerdictRule[] = [];
  const named = new Set<VerdictFinding>();
  let below = 0;
  for (const f of input.findings) {
    const effect = FINDING_EFFECT[f.priority];
    if (!effect || !COUNTED.has(f.status)) continue;
    // `>=` is false for NaN, so a malformed confidence can never count.
    if (!(f.confidence >= threshold)) {
      below += 1;
      continue;
    }
    const notes = [`confidence ${String(f.confidence)} ≥ ${th}`];
    if (f.status === "consensusReady") notes.push("confirmed");
    if (f.outdated) notes.push("outdated but not resolved");
    // R5: a finding is named once — what it still lacks for consensus goes on the line that counts it.
    const lacking = input.requiredConfirmations ? lacksConsensus(f, input.requiredConfirmations) : null;
    if (lacking) named.add(f);
    (effect === "block" ? blocking : holding).push({
      rule: `R5.finding.${f.priority}`,
      effect,
      text: `${f.priority} '${clip(f.title)}' (${notes.join(", ")}) → ${effect}${lacking ? `; ${lacking}` : ""}`,
    });
  }
  rules.push(...blocking, ...holding);
  if (blocking.length === 0 && holding.length === 0) {
    rules.push({ rule: "R5.finding.none", effect: "ship", text: `No open P0 or P1 finding at confidence ≥ ${th} → ship` });
  }
  if (below > 0) {
    rules.push({
      rule: "R5.finding.below_threshold",
      effect: "ship",
      text: `${below} open P0/P1 finding${below === 1 ? "" : "s"} below the confidence threshold ${th} ${below === 1 ? "does" : "do"} not count`,
    });
  }

  if (input.requiredConfirmations) rules.push(...consensusRules(input.findings.filter((f) => !named.has(f)), input.requiredConfirmations));

  const axisTable = pickAxisResults(input.axes, input.results, input.headSha);
  if (input.axesError !== undefined) {
    rules.push({
      rule: "R5.axis.unreadable",
      effect: "hold",
      text: `The axes declaration could not be read (${clip(input.axesError)}); unknown gates are not green → at least hold`,
    });
  } else if (input.axes.length === 0) {
    rules.push({ rule: "R5.axis.none_declared", effect: "ship", text: "No axes are declared; the verdict rests on the findings alone" });
  }
  for (const row of axisTable) {
    const rule = explainAxis(row);
    if (rule) rules.push(rule);
  }

  if (input.coverage && !input.coverage.complete) rules.push(coverageRule(input.coverage, input.gapAcceptedBy ?? null));

  const verdict = rules.reduce<Verdict>((v, r) => stricter(v, r.effect), "ship");
  return { verdict, rules, axisTable };
}

/** Findings named one by one; the rest are counted, so 500 open findings do not make a 500-line explanation. */
const NAMED_WITHOUT_CONSENSUS = 10;

/**
 * R3 in the verdict's words: which live findings lack consensus and how many
 * confirmations each still needs. Lacking consensus does not make the verdict
 * stricter (R5 counts open findings as they are), so these rules set no floor.
 */
function consensusRules(findings: readonly VerdictFinding[], required: RequiredConfirmations): VerdictRule[] {
  const lacking = findings
    .filter((f) => f.status === "open" && f.confirmations !== undefined)
    .sort((a, b) => PRIORITIES.indexOf(a.priority) - PRIORITIES.indexOf(b.priority));
  const rules = lacking.slice(0, NAMED_WITHOUT_CONSENSUS).map(
    (f): VerdictRule => ({ rule: "R5.consensus.missing", effect: "ship", text: `${f.priority} '${clip(f.title)}' ${lacksConsensus(f, required)}` }),
  );
  const rest = lacking.length - rules.length;
  if (rest > 0) rules.push({ rule: "R5.consensus.missing", effect: "ship", text: `${rest} more open finding${rest === 1 ? "" : "s"} lack${rest === 1 ? "s" : ""} consensus` });
  return rules;
}

/** R3: what an open finding still lacks for consensus, in words; null when it lacks nothing or nothing is known. */
function lacksConsensus(f: VerdictFinding, required: RequiredConfirmations): string | null {
  if (f.status !== "open" || f.confirmations === undefined) return null;
  const have = f.confirmations;
  const need = Math.max(1, confirmationsMissing(f.priority, have, required));
  return `lacks consensus: ${have} of ${required[f.priority]} confirmation${required[f.priority] === 1 ? "" : "s"}, needs ${need} more`;
}

/**
 * A threshold that is not a number in [0, 1] is a configuration error. It is
 * repaired to 0 (every finding counts, the strictest reading) rather than to
 * something that could silently let a P0 through, and the repair is listed.
 */
function effectiveThreshold(value: number, rules: VerdictRule[]): number {
  if (value >= 0 && value <= 1) return value;
  rules.push({
    rule: "R5.threshold.invalid",
    effect: "ship",
    text: `Confidence threshold ${String(value)} is not in 0..1; 0 is used instead, so every finding counts`,
  });
  return 0;
}

/** R11: a review that did not read the whole diff holds until a person accepts the gap. */
function coverageRule(coverage: ReviewCoverage, acceptedBy: string | null): VerdictRule {
  const listed = coverage.unread.slice(0, 5).map((u) => `${u.path} (${u.reason})`).join(", ");
  const more = coverage.unread.length > 5 ? ` and ${coverage.unread.length - 5} more` : "";
  const what = coverage.unread.length > 0 ? `did not read ${listed}${more}` : "did not read the whole diff";
  if (acceptedBy) return { rule: "R11.coverage.accepted", effect: "ship", text: `The review ${what}; ${clip(acceptedBy)} accepted the gap` };
  return { rule: "R11.coverage.incomplete", effect: "hold", text: `The review ${what} → at least hold until a person accepts the gap` };
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}
