import "server-only";
/**
 * Turns the keys of a history page into its entries: standalone messages, and
 * runs with their trigger message, their messages and their tool calls. Tool
 * calls come as previews cut in SQL (each argument value, the result's first
 * characters, the refusal or error message), so a page stays small whatever a
 * call read or wrote; the full arguments and result load when a person opens
 * the call (lib/rooms/get-tool-call-detail.ts). Never reads a run's checkpoint.
 */
import type { RunStatus } from "../run-status/run-status";
import { Prisma, type PrismaClient } from "../db/generated/client";
import { runModeView, type RunModeView } from "../modes/profile-view";

/** Longest argument value and result preview shipped in a page; the detail endpoint has the rest. */
export const PREVIEW_CHARS = 160;
const NOTE_CHARS = 2000;
const QUESTION_CHARS = 4000;

interface KeyRow {
  kind: "message" | "run";
  id: string;
  trigger: string | null;
}

const messageSelect = { id: true, conversationId: true, role: true, authorId: true, runId: true, content: true, meta: true, createdAt: true } as const;
type MessageRow = Prisma.MessageGetPayload<{ select: typeof messageSelect }>;

interface CallRow {
  id: string;
  runId: string;
  callId: string;
  tool: string;
  tier: string;
  effects: string[];
  mode: "chat" | "review" | "plan" | "orchestrate";
  decision: string;
  reason: string | null;
  status: string;
  durationMs: number | null;
  createdAt: Date | string;
  args: unknown;
  question: string | null;
  note: string | null;
  answer: string | null;
  resultPreview: string | null;
  argsBytes: number;
  resultBytes: number;
}

const iso = (at: Date | string) => (at instanceof Date ? at : new Date(`${String(at).replace(" ", "T")}Z`)).toISOString();

async function callPreviews(prisma: PrismaClient, runIds: string[]): Promise<CallRow[]> {
  if (runIds.length === 0) return [];
  return prisma.$queryRaw<CallRow[]>`
    SELECT c."id", c."runId", c."callId", c."tool", c."tier", c."effects", c."mode"::text AS "mode", c."decision", c."reason", c."status",
      c."durationMs", c."createdAt",
      CASE WHEN jsonb_typeof(c."args") = 'object' THEN (
        SELECT coalesce(jsonb_object_agg(e.k, CASE
          WHEN jsonb_typeof(e.v) = 'string' THEN to_jsonb(left(e.v #>> '{}', ${PREVIEW_CHARS}))
          WHEN octet_length(e.v::text) <= ${PREVIEW_CHARS} THEN e.v
          ELSE to_jsonb(left(e.v::text, ${PREVIEW_CHARS})) END), '{}'::jsonb)
        FROM jsonb_each(c."args") AS e(k, v))
      ELSE to_jsonb(left(c."args"::text, ${PREVIEW_CHARS})) END AS "args",
      left(c."args" ->> 'question', ${QUESTION_CHARS}) AS "question",
      left(CASE WHEN jsonb_typeof(c."result") = 'string' THEN c."result" #>> '{}'
                WHEN jsonb_typeof(c."result") = 'object' THEN coalesce(c."result" ->> 'error', c."result" ->> 'message') END, ${NOTE_CHARS}) AS "note",
      CASE WHEN jsonb_typeof(c."result") = 'object' THEN left(c."result" ->> 'answer', ${QUESTION_CHARS}) END AS "answer",
      left(CASE WHEN jsonb_typeof(c."result") = 'string' THEN c."result" #>> '{}' ELSE c."result"::text END, ${PREVIEW_CHARS}) AS "resultPreview",
      octet_length(c."args"::text) AS "argsBytes", coalesce(octet_length(c."result"::text), 0) AS "resultBytes"
    FROM "ToolCall" c WHERE c."runId" IN (${Prisma.join(runIds)})
    ORDER BY c."createdAt", c."id"`;
}

function toMessage(m: MessageRow, authors: Map<string, string>) {
  return {
    id: m.id,
    conversationId: m.conversationId,
    role: m.role,
    authorName: m.authorId ? (authors.get(m.authorId) ?? "Someone") : null,
    runId: m.runId,
    content: m.content,
    meta: m.meta,
    createdAt: m.createdAt.toISOString(),
  };
}
export type HistoryMessage = ReturnType<typeof toMessage>;

function toCall(c: CallRow, approval: { id: string; status: string; decidedById: string | null; comment: string | null } | null) {
  return {
    id: c.id,
    callId: c.callId,
    tool: c.tool,
    tier: c.tier,
    effects: c.effects,
    mode: c.mode,
    decision: c.decision,
    reason: c.reason,
    status: c.status,
    durationMs: c.durationMs,
    createdAt: iso(c.createdAt),
    /** the arguments with every value cut to PREVIEW_CHARS */
    args: c.args,
    /** ask_user's question, whole enough to answer */
    question: c.question,
    /** ask_user's answer */
    answer: c.answer,
    /** why a refused or failed call did not run: the result's text, error or message */
    note: c.note,
    resultPreview: c.resultPreview,
    argsBytes: Number(c.argsBytes),
    resultBytes: Number(c.resultBytes),
    approval,
  };
}
export type HistoryToolCall = ReturnType<typeof toCall>;

export interface HistoryRun {
  id: string;
  conversationId: string | null;
  triggerMessageId: string | null;
  kind: string;
  /** A6: for a sub-agent, the parent's delegate call it answers */
  parentCallId: string | null;
  /** the agent that ran it (a sub-agent may be another agent of the workspace) */
  agentName: string | null;
  /** model tokens of this run and its sub-agents (A6: a child's usage counts toward its parent) */
  inputTokens: number;
  outputTokens: number;
  status: RunStatus;
  mode: "chat" | "review" | "plan" | "orchestrate" | null;
  /** X1: the badge of the mode the run ran in — a declared mode by its own name */
  modeView: RunModeView | null;
  outcome: string | null;
  error: string | null;
  /** model turns taken */
  steps: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  toolCalls: HistoryToolCall[];
  /** A6: the sub-agents its delegate calls started, each shown inside the call that started it */
  subagents: SubagentEntry[];
}

/** A sub-agent's run with the words it wrote. */
export interface SubagentEntry {
  run: HistoryRun;
  messages: HistoryMessage[];
}

export type HistoryEntry =
  | { kind: "message"; id: string; message: HistoryMessage }
  | { kind: "run"; id: string; run: HistoryRun; trigger: HistoryMessage | null; messages: HistoryMessage[] };

const runSelect = {
  id: true, conversationId: true, triggerMessageId: true, kind: true, status: true, mode: true, modeView: true, outcome: true, error: true, steps: true,
  createdAt: true, startedAt: true, finishedAt: true, parentRunId: true, parentCallId: true, inputTokens: true, outputTokens: true,
  agent: { select: { name: true } },
} as const;

/** Depth is bounded by the profiles (A8); this only stops a corrupt chain. */
const MAX_NESTING = 8;

/** Every sub-agent under `runIds`, level by level. */
async function descendantsOf(prisma: PrismaClient, conversationId: string, runIds: string[]): Promise<string[]> {
  const found: string[] = [];
  let level = runIds;
  for (let depth = 0; level.length > 0 && depth < MAX_NESTING; depth++) {
    level = (await prisma.run.findMany({ where: { parentRunId: { in: level }, conversationId }, select: { id: true } })).map((r) => r.id);
    found.push(...level);
  }
  return found;
}

export async function loadEntries(prisma: PrismaClient, conversationId: string, keys: readonly KeyRow[]): Promise<HistoryEntry[]> {
  const topIds = keys.filter((k) => k.kind === "run").map((k) => k.id);
  const runIds = [...topIds, ...(await descendantsOf(prisma, conversationId, topIds))];
  // Standalone messages and triggers in one read; both belong to this conversation.
  const messageIds = keys.flatMap((k) => (k.kind === "message" ? [k.id] : k.trigger ? [k.trigger] : []));
  const [messages, runs, written, calls, approvals] = await Promise.all([
    messageIds.length ? prisma.message.findMany({ where: { id: { in: messageIds }, conversationId }, select: messageSelect }) : [],
    runIds.length
      ? prisma.run.findMany({ where: { id: { in: runIds } }, select: runSelect, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })
      : [],
    runIds.length ? prisma.message.findMany({ where: { runId: { in: runIds }, conversationId }, select: messageSelect, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }) : [],
    callPreviews(prisma, runIds),
    runIds.length
      ? prisma.approval.findMany({ where: { toolCall: { runId: { in: runIds } } }, select: { id: true, status: true, decidedById: true, comment: true, toolCallId: true } })
      : [],
  ]);
  const authors = await authorNames(prisma, [...messages, ...written]);

  const approvalOf = new Map(approvals.map(({ toolCallId, ...a }) => [toolCallId!, a]));
  const callsOf = groupBy(calls, (c) => c.runId);
  const writtenBy = groupBy(written, (m) => m.runId!);
  const messageById = new Map(messages.map((m) => [m.id, m]));
  const runById = new Map(runs.map((r) => [r.id, r]));
  const childrenOf = groupBy(runs.filter((r) => r.parentRunId), (r) => r.parentRunId!);

  const toRun = (run: (typeof runs)[number], seen: ReadonlySet<string>): HistoryRun => {
    const { parentRunId: _parent, agent, modeView, ...rest } = run;
    const inside = new Set([...seen, run.id]);
    return {
      ...rest,
      modeView: run.mode ? runModeView(run.mode, modeView) : null,
      agentName: agent?.name ?? null,
      createdAt: run.createdAt.toISOString(),
      startedAt: run.startedAt?.toISOString() ?? null,
      finishedAt: run.finishedAt?.toISOString() ?? null,
      toolCalls: (callsOf.get(run.id) ?? []).map((c) => toCall(c, approvalOf.get(c.id) ?? null)),
      subagents: (childrenOf.get(run.id) ?? [])
        .filter((child) => !inside.has(child.id))
        .map((child) => ({ run: toRun(child, inside), messages: (writtenBy.get(child.id) ?? []).map((m) => toMessage(m, authors)) })),
    };
  };

  return keys.flatMap((key): HistoryEntry[] => {
    if (key.kind === "message") {
      const message = messageById.get(key.id);
      return message ? [{ kind: "message", id: message.id, message: toMessage(message, authors) }] : [];
    }
    const run = runById.get(key.id);
    if (!run) return [];
    const trigger = run.triggerMessageId ? messageById.get(run.triggerMessageId) : undefined;
    // A trigger some run wrote travels with that run's messages (or stands alone), never twice (see get-room-history).
    const ownTrigger = trigger && !trigger.runId ? trigger : undefined;
    return [
      {
        kind: "run",
        id: run.id,
        trigger: ownTrigger ? toMessage(ownTrigger, authors) : null,
        messages: (writtenBy.get(run.id) ?? []).map((m) => toMessage(m, authors)),
        run: toRun(run, new Set()),
      },
    ];
  });
}

async function authorNames(prisma: PrismaClient, messages: readonly MessageRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(messages.map((m) => m.authorId).filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return new Map();
  return new Map((await prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map((u) => [u.id, u.name]));
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}
