/**
 * The built-in reviewer as a LanguageModelV3, so it runs through
 * the harness and the review tools exactly like a real model (same surface,
 * same guard, same read boundary, same records). It is a pure function of the
 * prompt (like the scripted model) so a run resumes in any process:
 *
 *   turn 1  git_diff {base, head} with the commits named in the review request
 *   then    the rest of a long diff, piece by piece, a batch per turn (R11)
 *   then    add_review_node per finding of reviewDiff(diff), a batch per turn
 *   then    finalize_review {summary, coverage} — what it could not read (R11)
 *   last    a short text naming the verdict the platform formed
 *
 * The review request is the latest user message; it carries
 * `base=<sha> head=<sha>` (lib/reviews/queue-review.ts writes it).
 */
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3Message,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from "@ai-sdk/provider";
import { CUT_TRAILER, DIFF_PIECE_CHARS, PIECE_TRAILER } from "../../diff/diff-pieces";
import { parseDiff, type DiffFile } from "../../diff/parse-diff";
import { readDiscussions } from "../discussion-text";
import { reviewDiff } from "./offline-reviewer";
import { readTicketScope, reviewTicketScope } from "./ticket-scope";
import type { FindingInput, ReviewCoverage } from "../schemas";

/** Agent.model of a scripted agent that plays this reviewer (lib/runtime/model-for-agent.ts). */
export const OFFLINE_REVIEWER_MODEL = "gatehouse-offline-reviewer";
/**
 * Calls per turn: below the harness's default of 16 calls per step, so none
 * is refused. 100 findings take 9 turns, well inside the 24-turn limit.
 */
export const OFFLINE_BATCH = 12;
/** Beyond this the rest are summarized in the final text instead of recorded. */
export const OFFLINE_MAX_FINDINGS = 120;

interface Call {
  toolName: string;
  input: Record<string, unknown>;
}
interface Turn {
  text: string;
  calls: Call[];
}

/** What the reviewer does next, from the prompt alone. */
export function planOfflineTurn(prompt: LanguageModelV3Prompt): Turn {
  const lastUser = findLastIndex(prompt, (m) => m.role === "user");
  const request = lastUser === -1 ? "" : textOf(prompt[lastUser]!);
  const base = /\bbase=([0-9a-f]{40})\b/.exec(request)?.[1];
  const head = /\bhead=([0-9a-f]{40})\b/.exec(request)?.[1];
  if (!base || !head) {
    return {
      text: "I am Gatehouse's built-in reviewer. I review pull requests when they are opened or pushed; there is no pull request in this message to review.",
      calls: [],
    };
  }
  const since = prompt.slice(lastUser + 1);
  const calls = since.flatMap((m) => (m.role === "assistant" ? m.content.filter((p) => p.type === "tool-call") : []));
  const results = since.flatMap((m) => (m.role === "tool" ? m.content.filter((p) => p.type === "tool-result") : []));
  const diffCalls = calls.filter((c) => c.toolName === "git_diff");
  if (diffCalls.length === 0) return { text: `Reading the changes from ${base.slice(0, 7)} to ${head.slice(0, 7)}.`, calls: [{ toolName: "git_diff", input: { base, head } }] };

  // R11: the whole diff, piece by piece (fixed-size slices, so the rest can be asked for at once).
  const pieces = diffCalls.map((c) => ({ offset: offsetOf(c.input), output: results.find((r) => r.toolCallId === c.toolCallId)?.output }));
  const first = pieces.find((p) => p.offset === 0)?.output;
  if (!first || first.type !== "text") {
    const why = first && (first.type === "error-text" || first.type === "error-json") ? `: ${String(first.value).slice(0, 300)}` : "";
    return { text: `I could not read the diff${why}. Nothing was reviewed.`, calls: [] };
  }
  const total = Number(PIECE_TRAILER.exec(first.value)?.[3] ?? first.value.length);
  const asked = new Set(pieces.map((p) => p.offset));
  const missing: number[] = [];
  for (let offset = DIFF_PIECE_CHARS; offset < total; offset += DIFF_PIECE_CHARS) if (!asked.has(offset)) missing.push(offset);
  if (missing.length > 0) {
    return { text: pieces.length === 1 ? `The diff has ${total} characters; reading it in ${missing.length + 1} pieces.` : "", calls: missing.slice(0, OFFLINE_BATCH).map((offset) => ({ toolName: "git_diff", input: { base, head, offset } })) };
  }
  const { coverage, all } = reviewPieces(pieces, total, systemOf(prompt));
  const findings = all.slice(0, OFFLINE_MAX_FINDINGS);
  const recorded = calls.filter((c) => c.toolName === "add_review_node").length;
  if (recorded < findings.length) {
    const batch = findings.slice(recorded, recorded + OFFLINE_BATCH);
    return {
      text: recorded === 0 ? `Found ${count(findings.length, "problem")} in the diff; recording ${findings.length === 1 ? "it" : "them"}.` : "",
      calls: batch.map((f) => ({ toolName: "add_review_node", input: toArgs(f) })),
    };
  }
  const finalize = calls.find((c) => c.toolName === "finalize_review");
  if (!finalize) return { text: "", calls: [{ toolName: "finalize_review", input: { summary: `${summarize(findings, all.length, coverage)}${answerDiscussions(request)}`, coverage } }] };

  const verdict = verdictFrom(results.find((r) => r.toolCallId === finalize.toolCallId)?.output);
  return { text: `${summarize(findings, all.length, coverage)}${verdict ? ` The platform's verdict: ${verdict}.` : ""}${answerDiscussions(request)}`, calls: [] };
}

/**
 * R10: the built-in reviewer cannot weigh an argument, so it answers what
 * people replied by saying what it read and what decides the finding's fate:
 * its scanners raise the same finding while the code is the same, and a
 * dismissal with the reason keeps it from being raised again.
 */
function answerDiscussions(request: string): string {
  const discussions = readDiscussions(request).filter((d) => d.replies.length > 0);
  if (discussions.length === 0) return "";
  const quoted = discussions
    .slice(0, 5)
    .map((d) => {
      const last = d.replies.at(-1)!;
      const said = last.body.length > 160 ? `${last.body.slice(0, 159)}…` : last.body;
      return `on "${d.title}", ${last.who} wrote: “${said}”`;
    })
    .join("; ");
  const more = discussions.length > 5 ? ` (and ${discussions.length - 5} more)` : "";
  return `\n\nI read the replies on ${count(discussions.length, "finding")}: ${quoted}${more}. I check the code, not the argument: a finding stays raised while its code is unchanged; if it is intended, dismiss it with that reason and it will not be raised again.`;
}

type Piece = { offset: number; output: { type: string; value?: unknown } | undefined };

type Reviewed = { coverage: ReviewCoverage; all: FindingInput[] };
/**
 * The last diff reviewed, by its pieces' text and the system prompt. Every turn after the
 * diff is read (a batch of findings each, then finalize) sees the same pieces; without this
 * each turn parsed and scanned the whole diff again, ~10 times for a long one. A pure
 * function of its key, so the memo changes no answer.
 */
let lastReviewed: { key: string; result: Reviewed } | null = null;

function reviewPieces(pieces: readonly Piece[], total: number, system: string): Reviewed {
  const key = JSON.stringify([total, system, [...pieces].sort((a, b) => a.offset - b.offset).map((p) => [p.offset, p.output?.type, p.output?.value])]);
  if (lastReviewed?.key === key) return lastReviewed.result;
  const { changed, coverage } = assemble(pieces, total);
  // O7: a ticket's pull request is also checked against the ticket's declared scope.
  const ticket = readTicketScope(system);
  const all = changed.length === 0 ? [] : [...(ticket ? reviewTicketScope(changed, ticket) : []), ...reviewDiff(changed)];
  lastReviewed = { key, result: { coverage, all } };
  return lastReviewed.result;
}

/**
 * R11: the diff text from its pieces, and what was not read: pieces that
 * failed, files past the review limit (the cut trailer names them) and binary
 * files (a diff carries no text of them to review).
 */
function assemble(pieces: readonly Piece[], total: number): { changed: DiffFile[]; coverage: ReviewCoverage } {
  const unread: ReviewCoverage["unread"] = [];
  let text = "";
  for (const piece of [...pieces].sort((a, b) => a.offset - b.offset)) {
    if (piece.offset >= total && piece.offset > 0) continue;
    if (piece.output?.type !== "text" || typeof piece.output.value !== "string") {
      unread.push({ path: `characters ${piece.offset}-${Math.min(total, piece.offset + DIFF_PIECE_CHARS)} of the diff`, reason: "could not be read" });
      continue;
    }
    let value = piece.output.value.replace(PIECE_TRAILER, "");
    const cut = CUT_TRAILER.exec(value);
    if (cut) {
      value = value.replace(CUT_TRAILER, "");
      for (const path of cut[2]!.split(", ").filter(Boolean)) unread.push({ path: path.replace(/ \(in part\)$/, ""), reason: path.endsWith("(in part)") ? `read in part; the diff is over the review limit of ${cut[1]} bytes` : `the diff is over the review limit of ${cut[1]} bytes` });
    }
    text += value;
  }
  const changed = text.trim() === "No differences." ? [] : parseDiff(text);
  for (const file of changed) if (file.binary) unread.push({ path: file.newPath ?? file.oldPath ?? "a binary file", reason: "binary file" });
  return { changed, coverage: { complete: unread.length === 0, unread: unread.slice(0, 500) } };
}

function offsetOf(input: unknown): number {
  const value = typeof input === "string" ? safeJson(input) : input;
  const offset = (value as { offset?: unknown } | null)?.offset;
  return typeof offset === "number" && Number.isInteger(offset) && offset >= 0 ? offset : 0;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function toArgs(f: FindingInput): Record<string, unknown> {
  const args: Record<string, unknown> = { kind: f.kind, priority: f.priority, confidence: f.confidence, title: f.title, body: f.body };
  if (f.suggestion !== undefined) args.suggestion = f.suggestion;
  if (f.anchor) args.anchor = { file: f.anchor.file, startLine: f.anchor.startLine, endLine: f.anchor.endLine };
  return args;
}

function summarize(findings: readonly FindingInput[], total: number, coverage: ReviewCoverage): string {
  const gap = coverage.complete ? "" : ` Not read: ${coverage.unread.slice(0, 5).map((u) => `${u.path} (${u.reason})`).join(", ")}${coverage.unread.length > 5 ? ` and ${coverage.unread.length - 5} more` : ""}.`;
  return summarizeFindings(findings, total) + gap;
}

function summarizeFindings(findings: readonly FindingInput[], total: number): string {
  if (findings.length === 0) return "Built-in review: no problems found by the offline checks (secrets, debug output, TODO/FIXME, conflict markers, missing tests, large or binary additions).";
  const byPriority = ["P0", "P1", "P2", "P3"]
    .map((p) => [p, findings.filter((f) => f.priority === p).length] as const)
    .filter(([, n]) => n > 0)
    .map(([p, n]) => `${n} ${p}`)
    .join(", ");
  const extra = total > findings.length ? ` (${total - findings.length} more not recorded)` : "";
  return `Built-in review: ${count(findings.length, "finding")} (${byPriority})${extra}.`;
}

function verdictFrom(output: unknown): string | null {
  const value = (output as { type?: string; value?: unknown } | undefined)?.value;
  const verdict = (value as { verdict?: unknown } | null | undefined)?.verdict;
  return typeof verdict === "string" ? verdict : null;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function systemOf(prompt: LanguageModelV3Prompt): string {
  return prompt.flatMap((m) => (m.role === "system" ? [m.content] : [])).join("\n");
}

function textOf(message: LanguageModelV3Message): string {
  if (message.role === "system") return message.content;
  return message.content.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("\n");
}

function findLastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i]!)) return i;
  return -1;
}

/** Ids unique within a run: the user-message ordinal and the turn index, as the scripted model does. */
function callIds(prompt: LanguageModelV3Prompt, n: number): string[] {
  const users = prompt.filter((m) => m.role === "user").length;
  const lastUser = findLastIndex(prompt, (m) => m.role === "user");
  const step = prompt.slice(lastUser + 1).filter((m) => m.role === "assistant").length;
  return Array.from({ length: n }, (_, i) => `offline_${users}_${step}_${i}`);
}

function usage(turn: Turn): LanguageModelV3Usage {
  const output = Math.ceil((turn.text.length + JSON.stringify(turn.calls).length) / 4);
  return { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: output, text: output, reasoning: 0 } };
}

/** The built-in reviewer, behind the same interface as every provider. */
export class OfflineReviewModel implements LanguageModelV3 {
  readonly specificationVersion = "v3" as const;
  readonly provider = "gatehouse.offline-reviewer";
  readonly modelId = OFFLINE_REVIEWER_MODEL;
  readonly supportedUrls: Record<string, RegExp[]> = {};

  private turn(options: LanguageModelV3CallOptions) {
    options.abortSignal?.throwIfAborted();
    const turn = planOfflineTurn(options.prompt);
    const ids = callIds(options.prompt, turn.calls.length);
    const calls = turn.calls.map((c, i) => ({ toolCallId: ids[i]!, toolName: c.toolName, input: JSON.stringify(c.input) }));
    const finishReason = calls.length > 0 ? { unified: "tool-calls" as const, raw: "tool_calls" } : { unified: "stop" as const, raw: "stop" };
    return { turn, calls, finishReason };
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    const { turn, calls, finishReason } = this.turn(options);
    const content: LanguageModelV3Content[] = [];
    if (turn.text) content.push({ type: "text", text: turn.text });
    for (const call of calls) content.push({ type: "tool-call", ...call });
    return { content, finishReason, usage: usage(turn), response: { modelId: this.modelId }, warnings: [] };
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const { turn, calls, finishReason } = this.turn(options);
    const parts: LanguageModelV3StreamPart[] = [{ type: "stream-start", warnings: [] }, { type: "response-metadata", modelId: this.modelId }];
    if (turn.text) parts.push({ type: "text-start", id: "text-0" }, { type: "text-delta", id: "text-0", delta: turn.text }, { type: "text-end", id: "text-0" });
    for (const call of calls) {
      parts.push(
        { type: "tool-input-start", id: call.toolCallId, toolName: call.toolName },
        { type: "tool-input-delta", id: call.toolCallId, delta: call.input },
        { type: "tool-input-end", id: call.toolCallId },
        { type: "tool-call", ...call },
      );
    }
    parts.push({ type: "finish", finishReason, usage: usage(turn) });
    return {
      stream: new ReadableStream<LanguageModelV3StreamPart>({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      }),
    };
  }
}

export function createOfflineReviewModel(): LanguageModelV3 {
  return new OfflineReviewModel();
}
