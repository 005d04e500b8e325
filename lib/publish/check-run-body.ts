/**
 * R12: what the `Gatehouse` check run says for one head. The verdict maps to
 * GitHub's conclusion (ship → success, hold → neutral, block → failure) and the
 * summary is the verdict's explanation — every rule that applied, strictest
 * first — with a link to the review room. Before a verdict exists for the head
 * the check is in progress, never completed: a review that has not run (or has
 * not finished) cannot read green. R8: nor does a verdict whose gated axes have
 * no result for the head yet — it stays in progress (saying which axes it
 * waits for and the verdict so far) until every gated axis has a result or a
 * person accepted the gap, since branch protection reads a neutral hold as
 * passing.
 */
import { z } from "zod";
import { verdictRank, type Verdict } from "../reviews/schemas";
import type { StoredExplanation } from "../reviews/stored-explanation";

export const CONCLUSION = { ship: "success", hold: "neutral", block: "failure" } as const satisfies Record<Verdict, string>;
export type CheckConclusion = (typeof CONCLUSION)[Verdict] | "failure";

/**
 * What a hold publishes as, per repository. GitHub's branch protection counts
 * a neutral check as passing, so a team that wants a hold to stop the merge
 * button chooses failure; the summary still says "Hold".
 */
export const holdAs = z.enum(["neutral", "failure"]).catch("neutral");
export type HoldAs = z.infer<typeof holdAs>;

export interface CheckRunBody {
  status: "in_progress" | "completed";
  conclusion?: CheckConclusion;
  output: { title: string; summary: string; text?: string };
}

export interface CheckRunInput {
  /** the newest review at the head, or null while none is formed */
  review: { verdict: Verdict; explanation: StoredExplanation; summary: string | null } | null;
  headSha: string;
  /** the review room's address, or null when the server's public URL is not configured */
  roomUrl: string | null;
  /** the conclusion a hold publishes as (default neutral, SPEC R12) */
  holdAs?: HoldAs;
}

const WORD: Record<Verdict, string> = { ship: "Ship", hold: "Hold", block: "Block" };
/** GitHub's limit for output.summary and output.text is 65,535 characters. */
const MAX_OUTPUT = 60_000;

export function checkRunBody(input: CheckRunInput): CheckRunBody {
  const short = input.headSha.slice(0, 7);
  const link = input.roomUrl ? `\n\n[Open the review in Gatehouse](${input.roomUrl})` : "";
  if (!input.review) {
    return {
      status: "in_progress",
      output: { title: `Reviewing ${short}`, summary: `Gatehouse is reviewing ${short}. The verdict replaces this when it is formed.${link}` },
    };
  }
  const { verdict, explanation } = input.review;
  const rules = [...(explanation.rules ?? [])].sort((a, b) => verdictRank(b.effect) - verdictRank(a.effect));
  const lines = rules.map((r) => `- **${r.effect}** — ${quiet(oneLine(r.text, 300))} \`${r.rule}\``);
  const waiting = (explanation.axisTable ?? []).filter((row) => row.gated && row.status === "missing").map((row) => row.axis);
  if (waiting.length > 0 && !explanation.gapAcceptedBy) {
    const names = waiting.map((axis) => `\`${quiet(oneLine(axis, 80))}\``).join(", ");
    return {
      status: "in_progress",
      output: {
        title: oneLine(`Waiting for gated ${waiting.length === 1 ? "axis" : "axes"}: ${waiting.join(", ")}`, 200),
        summary: clip(`Gatehouse is waiting for ${names} at \`${short}\`; the verdict is not final until every gated axis has a result. So far: **${WORD[verdict]}**.\n\n${lines.join("\n")}${link}`),
      },
    };
  }
  const deciding = rules.find((r) => r.effect === verdict && verdict !== "ship");
  const title = deciding ? `${WORD[verdict]}: ${oneLine(deciding.text, 100)}` : `${WORD[verdict]} for ${short}`;
  const summary = clip(`**${WORD[verdict]}** for \`${short}\`. The rules that formed this verdict, strictest first:\n\n${lines.join("\n") || "- (no rules were recorded)"}${link}`);
  const text = detailText(input.review);
  const conclusion = verdict === "hold" ? (input.holdAs ?? "neutral") : CONCLUSION[verdict];
  return { status: "completed", conclusion, output: { title, summary, ...(text ? { text } : {}) } };
}

/** The axis table and the reviewer's own summary, below the summary on GitHub's page. */
function detailText(review: NonNullable<CheckRunInput["review"]>): string | null {
  const parts: string[] = [];
  const table = review.explanation.axisTable ?? [];
  if (table.length > 0) {
    parts.push(
      ["| axis | gated | result |", "|---|---|---|", ...table.map((row) => `| ${cell(row.axis)} | ${row.gated ? "yes" : "no"} | ${row.status.replace(/_/g, " ")} |`)].join("\n"),
    );
  }
  const coverage = review.explanation.coverage;
  if (coverage && !coverage.complete) {
    parts.push(`The review did not read: ${coverage.unread.map((u) => `${cell(u.path)} (${cell(u.reason)})`).join(", ") || "part of the diff"}.`);
  }
  if (review.summary) parts.push(`**Reviewer's summary**\n\n${quiet(review.summary)}`);
  return parts.length ? clip(parts.join("\n\n")) : null;
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Text a model wrote must not ping people on GitHub. */
export function quiet(text: string): string {
  return text.replace(/@(?=[A-Za-z0-9])/g, "@\u200b");
}

function cell(text: string): string {
  return quiet(text).replace(/\|/g, "\\|").replace(/\s+/g, " ");
}

function clip(text: string): string {
  return text.length > MAX_OUTPUT ? `${text.slice(0, MAX_OUTPUT - 1)}…` : text;
}
