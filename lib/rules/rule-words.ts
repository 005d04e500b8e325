/**
 * Human wording for the rule ids Gatehouse cites (`[G4]`, `R5.finding.P0`).
 * People read the wording; the id stays as a small detail that links to the
 * rule's entry on the rules page. Pure data, no I/O.
 */

/** The base rules, by id, in the words a person reads. */
export const RULE_WORDS: Readonly<Record<string, string>> = {
  M3: "not part of this mode's tools",
  M4: "every layer enforces the mode",
  M5: "the worktree is read-only in this mode",
  M6: "above what this mode allows",
  M7: "this mode does not allow that kind of change",
  G1: "a mode's own output is always allowed",
  G3: "the autonomy setting asks a person first",
  G4: "a person's decision",
  T1: "only Gatehouse's own agent loop enforces every tool",
  X3: "not granted to this agent",
  A1: "one task in progress at a time",
  B1: "budget limit",
  B2: "budget limit",
  R5: "verdict rule",
  H4: "outside addresses only",
  H5: "same-origin requests only",
};

/** Wording for the verdict's sub-rules (`R5.<part>.<detail>`). */
const R5_WORDS: Readonly<Record<string, string>> = {
  "R5.finding.P0": "an open critical (P0) finding",
  "R5.finding.P1": "an open high-priority (P1) finding",
  "R5.finding.P2": "an open medium-priority (P2) finding",
  "R5.finding.P3": "an open low-priority (P3) finding",
  "R5.finding.none": "no blocking finding",
  "R5.finding.below_threshold": "findings below the confidence threshold",
  "R5.axis.fail": "a gated check failed",
  "R5.axis.missing": "a gated check has no result",
  "R5.axis.could_not_run": "a gated check could not run",
  "R5.axis.undeclared": "a check the repository does not declare",
  "R5.axis.not_gated": "a report-only check",
  "R5.axis.unreadable": "the checks declaration could not be read",
  "R5.axis.none_declared": "no checks declared",
  "R5.threshold.invalid": "the confidence threshold is invalid",
  "R5.consensus.missing": "a finding without enough confirmations",
};

/** The base rule of an id (`R5.finding.P0` → `R5`). */
export function baseRule(id: string): string {
  return id.split(".")[0] ?? id;
}

/** The words for a rule id; null for ids Gatehouse does not know (shown as written). */
export function ruleWords(id: string): string | null {
  return R5_WORDS[id] ?? RULE_WORDS[id] ?? null;
}

/** The fragment a rule id links to on the rules page. */
export function ruleAnchor(id: string): string {
  return `/rules#${baseRule(id)}`;
}

export type RuleTextPart = { kind: "text"; text: string } | { kind: "rule"; id: string };

/**
 * Splits text around bracketed rule citations (`refused here [M5]`) so a view
 * can show each as wording plus a small linked id. Unknown ids stay text.
 */
export function splitRuleCitations(text: string): RuleTextPart[] {
  const out: RuleTextPart[] = [];
  const pattern = /\s?\[([A-Z][0-9]{1,2}(?:\.[a-z_]+(?:\.[A-Za-z0-9_]+)?)?)\]/g;
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    const id = match[1]!;
    if (ruleWords(id) === null) continue;
    if (match.index > at) out.push({ kind: "text", text: text.slice(at, match.index) });
    out.push({ kind: "rule", id });
    at = match.index + match[0].length;
  }
  if (at < text.length) out.push({ kind: "text", text: text.slice(at) });
  return out;
}
