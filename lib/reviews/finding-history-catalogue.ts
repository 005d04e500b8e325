/**
 * Every kind of move in a finding's history (R3, R10), declared once with the
 * data it records. The writer (`recordFindingEvents`) and the history view
 * (components/reviews/finding-history.tsx) share this type: an undeclared
 * type, or data of the wrong shape, fails the type check and is refused when
 * written. A stored row of a type this build does not know is still read and
 * shown as it is.
 *
 * No server imports: the client renders the history from it.
 */
import { z } from "zod";

const sha = z.string();
const runId = z.string().nullable().optional();
const reason = z.string().optional();
const anchor = z.object({ file: z.string().nullable(), startLine: z.number().nullable(), endLine: z.number().nullable() });
const counts = { confirmations: z.number().int(), required: z.number().int() };
/** R10: a dismissal of this finding, or of its rule under a path, maybe until a time */
const dismissal = { reason, scope: z.enum(["finding", "rule_in_path"]).optional(), path: z.string().optional(), expiresAt: z.string().optional(), dismissalId: z.string().optional() };

function move<T extends string, D extends z.ZodRawShape>(type: T, data: D) {
  return z.object({ type: z.literal(type), data: z.object(data) });
}

export const findingHistoryRecord = z.discriminatedUnion("type", [
  /** `headSha` absent in rows written before it was carried */
  move("created", { headSha: sha.optional(), runId }),
  move("raised_again", { headSha: sha.optional(), runId, suppressed: z.boolean().optional(), reason, from: anchor.optional(), to: anchor.optional() }),
  move("confirmed", counts),
  move("consensus", { ...counts, reason }),
  move("consensus_lost", { ...counts, reason }),
  move("confirmation_withdrawn", { consensusLost: z.boolean() }),
  move("resolved", { reason, commit: z.string().optional(), byPush: sha.optional(), runId }),
  move("dismissed", dismissal),
  move("reopened", { reason, headSha: sha.optional(), runId }),
  move("remapped", { fromSha: sha, toSha: sha, from: anchor, to: anchor, reason }),
  move("outdated", { fromSha: sha, toSha: sha, from: anchor, to: anchor, reason }),
  move("fix_started", { roomId: z.string(), agent: z.string() }),
  move("suggestion_applied", { commit: z.string(), parent: z.string(), by: z.string() }),
]);

export type FindingHistoryRecord = z.infer<typeof findingHistoryRecord>;
export type FindingHistoryType = FindingHistoryRecord["type"];
export const FINDING_HISTORY_TYPES: readonly FindingHistoryType[] = findingHistoryRecord.options.map((o) => o.shape.type.value);

export function checkFindingHistoryRecord(record: { type: string; data?: unknown }): { ok: true } | { ok: false; error: string } {
  const parsed = findingHistoryRecord.safeParse({ type: record.type, data: record.data ?? {} });
  if (parsed.success) return { ok: true };
  return { ok: false, error: parsed.error.issues.map((i) => `${i.path.join(".") || "record"}: ${i.message}`).join("; ") };
}

/** A stored move as the history shows it: declared, or (an older or newer build's) shown as it is. */
export type FindingHistoryRow = ({ known: true } & FindingHistoryRecord) | { known: false; type: string; data: unknown };

export function parseFindingHistoryRow(row: { type: string; data: unknown }): FindingHistoryRow {
  const parsed = findingHistoryRecord.safeParse({ type: row.type, data: row.data ?? {} });
  return parsed.success ? { known: true, ...parsed.data } : { known: false, type: row.type, data: row.data };
}
