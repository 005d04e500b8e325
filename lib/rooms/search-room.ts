import "server-only";
/**
 * Find in a room: PostgreSQL full-text search over the room's messages (every
 * conversation and thread) and its tool calls (name, arguments and the start of
 * the result). Works the same on PostgreSQL and the embedded PGlite. The WHERE
 * clauses repeat the expressions of the GIN indexes in the migration
 * 20261201000400_room_history exactly, or the indexes would not be used.
 * Scoped by room and workspace in SQL: another workspace's room never matches.
 * Newest first; each result names what to open (a message, or the tool call
 * and its run), which the room page turns into a deep link.
 */
import type { PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";

export interface RoomSearchResult {
  kind: "message" | "tool_call";
  /** the message id, or the tool call id */
  id: string;
  conversationId: string | null;
  runId: string | null;
  /** the tool's name, for tool calls */
  tool: string | null;
  role: string | null;
  /** the matching text with the matched words between « and » */
  snippet: string;
  createdAt: string;
}

interface Row {
  kind: "message" | "tool_call";
  id: string;
  conversationId: string | null;
  runId: string | null;
  tool: string | null;
  role: string | null;
  snippet: string;
  createdAt: Date | string;
}

/**
 * The tool-call index splits paths and identifiers at their punctuation; the query
 * is split the same way, or "src/pricing.ts" would look for one token the index
 * does not hold. A leading "-" (websearch's "not") and quotes stay.
 */
export function toolCallQueryText(q: string): string {
  return q.replace(/[/._:{}[\],\\]/g, " ").replace(/(\w)-(?=\w)/g, "$1 ");
}

const HEADLINE = "StartSel=«, StopSel=», MaxWords=24, MinWords=8, MaxFragments=2, FragmentDelimiter= … ";

export async function searchRoom(prisma: PrismaClient, workspaceId: string, roomId: string, q: string, limit = 30): Promise<RoomSearchResult[]> {
  const room = await prisma.room.findFirst({ where: { id: roomId, workspaceId }, select: { id: true } });
  if (!room) throw notFound("That room");
  const rows = await prisma.$queryRaw<Row[]>`
    WITH query AS (SELECT websearch_to_tsquery('english', ${q}) AS q, websearch_to_tsquery('english', ${toolCallQueryText(q)}) AS calls)
    SELECT * FROM (
      (SELECT 'message' AS "kind", m."id", m."conversationId", m."runId", NULL::text AS "tool", m."role"::text AS "role",
              ts_headline('english', left(m."content", 100000), query.q, ${HEADLINE}) AS "snippet", m."createdAt"
        FROM "Message" m JOIN "Conversation" c ON c."id" = m."conversationId" JOIN "Room" r ON r."id" = c."roomId", query
        WHERE r."id" = ${roomId} AND r."workspaceId" = ${workspaceId}
          AND to_tsvector('english'::regconfig, left(m."content", 100000)) @@ query.q
        ORDER BY m."createdAt" DESC LIMIT ${limit})
      UNION ALL
      (SELECT 'tool_call' AS "kind", t."id", run."conversationId", t."runId", t."tool", NULL::text AS "role",
              ts_headline('english', t."tool" || ' ' || left(t."args"::text, 2000), query.calls, ${HEADLINE}) AS "snippet", t."createdAt"
        FROM "ToolCall" t JOIN "Run" run ON run."id" = t."runId", query
        WHERE run."roomId" = ${roomId} AND run."workspaceId" = ${workspaceId}
          AND to_tsvector('english'::regconfig, t."tool" || ' ' || translate(left(t."args"::text || ' ' || coalesce(t."result"::text, ''), 100000), '/._-:"{}[],\\', '            ')) @@ query.calls
        ORDER BY t."createdAt" DESC LIMIT ${limit})
    ) found ORDER BY "createdAt" DESC LIMIT ${limit}`;
  return rows.map((r) => ({ ...r, createdAt: (r.createdAt instanceof Date ? r.createdAt : new Date(`${String(r.createdAt).replace(" ", "T")}Z`)).toISOString() }));
}
