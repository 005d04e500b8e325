/**
 * What the browser gets for a finding (R2, R3): the finding with its anchor at
 * the current head, its lifecycle, and who confirmed it. Dates are ISO strings.
 */
import type { Prisma } from "../db/generated/client";
import { DEFAULT_REQUIRED_CONFIRMATIONS, type RequiredConfirmations } from "./required-confirmations";
import type { FindingKind, FindingStatus, Priority } from "./schemas";

export const findingInclude = {
  confirmations: { orderBy: { createdAt: "asc" }, select: { userId: true, createdAt: true, user: { select: { name: true } } } },
  fixRoom: { select: { id: true, name: true } },
  _count: { select: { replies: true } },
} as const satisfies Prisma.FindingInclude;

export interface FindingView {
  id: string;
  pullRequestId: string;
  kind: FindingKind;
  priority: Priority;
  confidence: number;
  title: string;
  body: string;
  suggestion: string | null;
  /** null for repository-wide notes; `sha` is the head the lines refer to */
  anchor: { file: string; startLine: number; endLine: number; sha: string | null } | null;
  /** its anchored lines changed in a later push */
  outdated: boolean;
  status: FindingStatus;
  statusReason: string | null;
  /** "agent:<name>" or "user:<id>" */
  author: string;
  authorUserId: string | null;
  authorName: string;
  runId: string | null;
  confirmations: { userId: string; name: string; at: string }[];
  /** R3: confirmations from people other than the author that its priority needs (the workspace's setting) */
  requiredConfirmations: number;
  /** R10: replies in its discussion thread */
  replyCount: number;
  /** the Agent-mode room "Fix with an agent" opened for it */
  fixRoom: { id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** A finding row as read with `findingInclude`, derived from the schema rather than restated. */
type FindingRow = Prisma.FindingGetPayload<{ include: typeof findingInclude }>;

/** `names` maps user ids to display names for findings people wrote; `required` is the workspace's setting. */
export function toFindingView(row: FindingRow, names: ReadonlyMap<string, string> = new Map(), required: RequiredConfirmations = DEFAULT_REQUIRED_CONFIRMATIONS): FindingView {
  const anchor =
    row.file !== null && row.startLine !== null && row.endLine !== null
      ? { file: row.file, startLine: row.startLine, endLine: row.endLine, sha: row.anchorSha }
      : null;
  return {
    id: row.id,
    pullRequestId: row.pullRequestId,
    kind: row.kind,
    priority: row.priority,
    confidence: row.confidence,
    title: row.title,
    body: row.body,
    suggestion: row.suggestion,
    anchor,
    outdated: row.outdated,
    status: row.status,
    statusReason: row.statusReason,
    author: row.author,
    authorUserId: row.authorUserId,
    authorName: authorName(row, names),
    runId: row.runId,
    confirmations: row.confirmations.map((c) => ({ userId: c.userId, name: c.user.name, at: c.createdAt.toISOString() })),
    requiredConfirmations: required[row.priority],
    replyCount: row._count.replies,
    fixRoom: row.fixRoom,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function authorName(row: Pick<FindingRow, "author" | "authorUserId">, names: ReadonlyMap<string, string>): string {
  if (row.author.startsWith("agent:")) return row.author.slice("agent:".length);
  const id = row.authorUserId ?? row.author.replace(/^user:/, "");
  return names.get(id) ?? "Someone";
}
