import "server-only";
/**
 * One page of a conversation's history, newest first in the paging and oldest
 * first in the answer.
 *
 * The history is a sequence of *entries*, ordered by the keyset (createdAt, id)
 * of the row that heads each one:
 * - a **run** of the conversation heads an entry of its own, keyed by its own
 *   creation. The entry carries the run's trigger message (the person's message
 *   that asked for it), every message the run wrote and every tool call it made,
 *   so a run never arrives without its words or its words without the run;
 * - a **message** that is neither a run's trigger nor written by one of the
 *   conversation's runs (a person's message to a room without an agent, a system
 *   line, a comment) is an entry on its own.
 * So each message of the conversation lies in exactly one entry, and each entry
 * on exactly one page: pages are cut between entries along the keyset, and a key
 * handed out as a cursor never moves, so entries that arrive while someone pages
 * back sort after every cursor and never shift a page or repeat one.
 * Threads (M1: conversations under another) page the same way.
 */
import { Prisma, type PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";
import { encodeCursor, type EntryKey } from "./history-cursor";
import { loadEntries, type HistoryEntry } from "./load-history-entries";
import type { HistoryQuery } from "./schemas";

export type { HistoryEntry, HistoryMessage, HistoryRun, HistoryToolCall } from "./load-history-entries";

export interface HistoryPage {
  conversationId: string;
  /** oldest first */
  entries: HistoryEntry[];
  /** pass as `before` for the next older page; null: this page begins the conversation */
  older: string | null;
  /** pass as `after` for the next newer page; null: nothing newer existed when this page was read */
  newer: string | null;
  /** for `around`: the entry that holds the message, run or tool call asked for */
  target: { entryId: string; messageId: string | null; runId: string | null; toolCallId: string | null } | null;
}

type Op = "<" | ">" | ">=";
interface KeyRow {
  kind: "message" | "run";
  id: string;
  at: Date | string;
  /** a run's trigger message, fetched with the page's messages */
  trigger: string | null;
}

const timestamp = (at: Date) => at.toISOString().replace("T", " ").replace("Z", "");
const keyOf = (row: KeyRow): EntryKey => ({ at: row.at instanceof Date ? row.at : new Date(`${String(row.at).replace(" ", "T")}Z`), id: row.id });

function bound(alias: "m" | "r", op: Op | null, key: EntryKey | null): Prisma.Sql {
  if (!op || !key) return Prisma.empty;
  // alias and op are constants of this file; the key travels as parameters.
  return Prisma.sql`AND (${Prisma.raw(alias)}."createdAt", ${Prisma.raw(alias)}."id") ${Prisma.raw(op)} (${timestamp(key.at)}::timestamp(3), ${key.id})`;
}

/**
 * Keys of up to `limit` entries beyond `key` in one direction. Each branch is an
 * index scan over (conversationId, createdAt, id) stopped at `limit`, so a page
 * costs the same at the 50,000th message as at the first.
 */
async function entryKeys(prisma: PrismaClient, conversationId: string, op: Op | null, key: EntryKey | null, limit: number): Promise<KeyRow[]> {
  const dir = Prisma.raw(op === ">" || op === ">=" ? "ASC" : "DESC");
  return prisma.$queryRaw<KeyRow[]>`
    SELECT * FROM (
      (SELECT 'message' AS "kind", m."id", m."createdAt" AS "at", NULL::text AS "trigger" FROM "Message" m
        WHERE m."conversationId" = ${conversationId} ${bound("m", op, key)}
          AND NOT EXISTS (SELECT 1 FROM "Run" o WHERE o."id" = m."runId" AND o."conversationId" = m."conversationId")
          AND NOT EXISTS (SELECT 1 FROM "Run" t WHERE t."triggerMessageId" = m."id" AND t."conversationId" = m."conversationId" AND (m."runId" IS NULL OR m."runId" = t."id"))
        ORDER BY m."createdAt" ${dir}, m."id" ${dir} LIMIT ${limit})
      UNION ALL
      (SELECT 'run' AS "kind", r."id", r."createdAt" AS "at", r."triggerMessageId" AS "trigger" FROM "Run" r
        WHERE r."conversationId" = ${conversationId} AND r."parentRunId" IS NULL ${bound("r", op, key)}
        ORDER BY r."createdAt" ${dir}, r."id" ${dir} LIMIT ${limit})
    ) e ORDER BY "at" ${dir}, "id" ${dir} LIMIT ${limit}`;
}

/** Older entries than `key` (all of them from the newest when key is null), newest first; one extra tells whether more exist. */
async function olderThan(prisma: PrismaClient, conversationId: string, key: EntryKey | null, limit: number) {
  const rows = await entryKeys(prisma, conversationId, key ? "<" : null, key, limit + 1);
  return { rows: rows.slice(0, limit).reverse(), more: rows.length > limit };
}

async function newerThan(prisma: PrismaClient, conversationId: string, key: EntryKey, inclusive: boolean, limit: number) {
  const rows = await entryKeys(prisma, conversationId, inclusive ? ">=" : ">", key, limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** The conversation a request reads: the one named (in this room), or the room's main conversation. */
async function conversationOf(prisma: PrismaClient, workspaceId: string, roomId: string, conversationId: string | undefined): Promise<string> {
  const room = await prisma.room.findFirst({
    where: { id: roomId, workspaceId },
    select: { conversations: { where: conversationId ? { id: conversationId } : { parentId: null }, orderBy: { createdAt: "asc" }, take: 1, select: { id: true } } },
  });
  if (!room) throw notFound("That room");
  const conversation = room.conversations[0];
  if (!conversation) throw notFound(conversationId ? "That conversation" : "The room's conversation");
  return conversation.id;
}

/** Sub-agents are shown inside their parent's entry (A6): the run whose entry holds `run`. */
interface RunLink {
  id: string;
  createdAt: Date;
  parentRunId: string | null;
}

async function entryRun(prisma: PrismaClient, run: RunLink): Promise<RunLink> {
  let current: RunLink = run;
  // Depth is bounded by the profiles (A8); the bound here only stops a corrupt cycle.
  for (let hops = 0; current.parentRunId && hops < 16; hops++) {
    const parent: RunLink | null = await prisma.run.findUnique({ where: { id: current.parentRunId }, select: { id: true, createdAt: true, parentRunId: true } });
    if (!parent) break;
    current = parent;
  }
  return current;
}

/** The entry that holds a message, run or tool call of this room (for deep links and search results). */
async function locate(prisma: PrismaClient, workspaceId: string, roomId: string, id: string) {
  const inRoom = { roomId, room: { workspaceId } };
  const message = await prisma.message.findFirst({ where: { id, conversation: inRoom }, select: { id: true, conversationId: true, runId: true, createdAt: true } });
  if (message) {
    const conversationId = message.conversationId;
    const owner =
      (message.runId ? await prisma.run.findFirst({ where: { id: message.runId, conversationId }, select: { id: true, createdAt: true, parentRunId: true } }) : null) ??
      (await prisma.run.findFirst({
        where: { triggerMessageId: message.id, conversationId, parentRunId: null, ...(message.runId ? { id: message.runId } : {}) },
        select: { id: true, createdAt: true, parentRunId: true },
      }));
    const holder = owner ? await entryRun(prisma, owner) : null;
    const key = holder ? { at: holder.createdAt, id: holder.id } : { at: message.createdAt, id: message.id };
    return { conversationId, key, target: { entryId: key.id, messageId: message.id, runId: owner?.id ?? null, toolCallId: null } };
  }
  const call = await prisma.toolCall.findFirst({ where: { id, run: { roomId, workspaceId } }, select: { id: true, runId: true } });
  const run = await prisma.run.findFirst({ where: { id: call?.runId ?? id, roomId, workspaceId }, select: { id: true, createdAt: true, conversationId: true, parentRunId: true } });
  if (!run?.conversationId) throw notFound("That message");
  const holder = await entryRun(prisma, run);
  const key = { at: holder.createdAt, id: holder.id };
  return { conversationId: run.conversationId, key, target: { entryId: holder.id, messageId: null, runId: run.id, toolCallId: call?.id ?? null } };
}

export async function getRoomHistory(prisma: PrismaClient, workspaceId: string, roomId: string, query: Partial<HistoryQuery> = {}): Promise<HistoryPage> {
  const limit = query.limit ?? 40;
  let conversationId: string;
  let rows: KeyRow[];
  let older = false;
  let newer = false;
  let target: HistoryPage["target"] = null;

  if (query.around) {
    const found = await locate(prisma, workspaceId, roomId, query.around);
    conversationId = found.conversationId;
    target = found.target;
    // The target and what follows it fill half the page, what precedes it the other half.
    const half = Math.max(1, Math.floor(limit / 2));
    const [before, from] = await Promise.all([olderThan(prisma, conversationId, found.key, half), newerThan(prisma, conversationId, found.key, true, limit - half)]);
    rows = [...before.rows, ...from.rows];
    older = before.more;
    newer = from.more;
  } else {
    conversationId = await conversationOf(prisma, workspaceId, roomId, query.conversation);
    if (query.after || query.from) {
      const page = await newerThan(prisma, conversationId, (query.after ?? query.from)!, Boolean(query.from), limit);
      rows = page.rows;
      newer = page.more;
      // Something older exists by construction: the cursor's own entry (or, for `from`, whatever precedes it).
      older = query.after ? true : (await entryKeys(prisma, conversationId, "<", query.from!, 1)).length > 0;
    } else {
      const page = await olderThan(prisma, conversationId, query.before ?? null, limit);
      rows = page.rows;
      older = page.more;
      newer = Boolean(query.before);
    }
  }

  const entries = await loadEntries(prisma, conversationId, rows);
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    conversationId,
    entries,
    older: older && first ? encodeCursor(keyOf(first)) : null,
    newer: newer && last ? encodeCursor(keyOf(last)) : null,
    target,
  };
}
