import "server-only";
/**
 * R2–R4, R10: record one finding on a pull request, from an agent
 * (add_review_node) or a person. In order:
 *
 * 1. R4: the read boundary. A malformed finding becomes a DroppedFinding row
 *    and a "finding.dropped" event; it never reaches the findings a verdict counts.
 * 2. Its fingerprint (kind, title, file, the anchored code at the head the
 *    author looked at), so "the same problem" is recognised after a push.
 * 3. matchRaisedFinding: new → created; already there → kept with its state
 *    and history (the anchor refreshed); resolved → reopened; dismissed → not
 *    raised again (a person decided).
 *
 * The unique (pullRequestId, fingerprint) makes two reviewers raising the same
 * finding at once end with one row: the loser retries and keeps it.
 */
import { recordFindingEvents } from "./record-finding-events";
import type { Prisma as Db, PrismaClient } from "../db/generated/client";
import { retryOnUniqueViolation } from "../db/unique-violation";
import { notFound } from "../errors/app-error";
import type { RoomEventOf } from "../events/catalogue";
import { recordEvent } from "../events/record-event";
import { readFileAt } from "../repos/pull-git";
import { anchorFormError, anchorProblem } from "./check-anchor";
import { decideTransition } from "./decide-transition";
import { fingerprintFinding, normalizeTitle, snippetAt } from "./fingerprint";
import { matchRaisedFinding } from "./match-raised-finding";
import { readFinding } from "./read-finding";
import { remapBetweenHeads } from "./remap-between-heads";
import { reachesConsensus } from "./settle-consensus";
import type { Anchor, FindingInput } from "./schemas";
import { mirrorPath } from "../repos/mirror-paths";

export interface AddFindingContext {
  workspaceId: string;
  pullRequestId: string;
  roomId: string;
  runId: string | null;
  /** "agent:<name>" or "user:<id>" */
  author: string;
  authorUserId: string | null;
  /** the head the author looked at (a review run's head); default: the pull request's current head */
  seenAtSha?: string;
}

export type AddFindingResult =
  | { ok: true; findingId: string; status: "created" | "kept" | "reopened" | "suppressed" }
  | { ok: false; dropped: string; droppedFindingId: string };

const MAX_RAW_CHARS = 20_000;

export async function addFinding(prisma: PrismaClient, ctx: AddFindingContext, raw: unknown): Promise<AddFindingResult> {
  const read = readFinding(raw);
  if (!read.ok) return recordDrop(prisma, ctx, raw, read.reason);
  const finding = read.finding;

  const pull = await prisma.pullRequest.findFirst({
    where: { id: ctx.pullRequestId, workspaceId: ctx.workspaceId },
    select: { id: true, headSha: true, repositoryId: true },
  });
  if (!pull) throw notFound("That pull request");
  const seenAt = ctx.seenAtSha ?? pull.headSha;
  const misplaced = finding.anchor ? await anchorProblem(mirrorPath(pull.repositoryId), seenAt, finding.anchor) : null;
  if (misplaced) {
    if (ctx.author.startsWith("user:")) throw anchorFormError(misplaced, misplaced.includes("does not exist") ? "file" : "endLine");
    return recordDrop(prisma, ctx, raw, misplaced);
  }
  const fingerprint = fingerprintFinding({
    kind: finding.kind,
    title: finding.title,
    file: finding.anchor?.file,
    snippet: finding.anchor ? await anchoredCode(mirrorPath(pull.repositoryId), seenAt, finding.anchor) : null,
  });
  // A run that reviewed an older head anchors there; carry it to the head people see now.
  const [placed] = finding.anchor ? await remapBetweenHeads(mirrorPath(pull.repositoryId), seenAt, pull.headSha, [finding.anchor]) : [];

  return retryOnUniqueViolation(
    () => prisma.$transaction((tx) => store(tx, ctx, finding, fingerprint, placed ? { ...placed, sha: pull.headSha } : null, seenAt, pull.repositoryId)),
    { attempts: 3 },
  );
}

type Placed = { file: string; startLine: number; endLine: number; outdated: boolean; sha: string } | null;

async function store(tx: Db.TransactionClient, ctx: AddFindingContext, finding: FindingInput, fingerprint: string, placed: Placed, seenAt: string, repositoryId: string): Promise<AddFindingResult> {
  const existing = await tx.finding.findUnique({ where: { pullRequestId_fingerprint: { pullRequestId: ctx.pullRequestId, fingerprint } } });
  const action = matchRaisedFinding(fingerprint, existing ? [existing] : []);
  const anchorData = placed
    ? { file: placed.file, startLine: placed.startLine, endLine: placed.endLine, anchorSha: placed.sha, outdated: placed.outdated }
    : {};
  const room = (event: RoomEventOf<"finding.created" | "finding.updated">) => recordEvent(tx, { workspaceId: ctx.workspaceId, roomId: ctx.roomId, runId: ctx.runId, ...event });

  if (action.action === "create") {
    // R10: a person dismissed this rule in this path; the finding is recorded, dismissed, and does not count.
    const covering = await coveringDismissal(tx, repositoryId, finding, placed?.file ?? finding.anchor?.file ?? null);
    const created = await tx.finding.create({
      data: {
        pullRequestId: ctx.pullRequestId,
        roomId: ctx.roomId,
        kind: finding.kind,
        priority: finding.priority,
        confidence: finding.confidence,
        title: finding.title,
        body: finding.body,
        suggestion: finding.suggestion ?? null,
        ...anchorData,
        author: ctx.author,
        authorUserId: ctx.authorUserId,
        runId: ctx.runId,
        fingerprint,
        ...(covering
          ? { status: "dismissed" as const, statusReason: `covered by a dismissal of this rule in ${covering.pathPrefix || "the whole repository"}: ${covering.reason}`, dismissedUntil: covering.expiresAt }
          : {}),
      },
    });
    await recordFindingEvents(tx, { findingId: created.id, type: "created", actor: ctx.author, data: { headSha: seenAt, runId: ctx.runId } });
    if (covering) {
      await recordFindingEvents(tx, { findingId: created.id, type: "dismissed", actor: `user:${covering.userId}`, data: { reason: covering.reason, scope: "rule_in_path", path: covering.pathPrefix, dismissalId: covering.id } });
      await room({ type: "finding.created", data: { pullRequestId: ctx.pullRequestId, findingId: created.id, kind: created.kind, priority: created.priority, title: created.title, status: "dismissed" } });
      return { ok: true, findingId: created.id, status: "suppressed" };
    }
    await room({ type: "finding.created", data: { pullRequestId: ctx.pullRequestId, findingId: created.id, kind: created.kind, priority: created.priority, title: created.title } });
    return { ok: true, findingId: created.id, status: "created" };
  }

  const current = existing!;
  if (action.action === "suppress") {
    await recordFindingEvents(tx, { findingId: current.id, type: "raised_again", actor: ctx.author, data: { headSha: seenAt, runId: ctx.runId, suppressed: true, reason: action.reason } });
    return { ok: true, findingId: current.id, status: "suppressed" };
  }

  // Raised again: the new anchor is exact for this head, so it replaces a remapped (maybe outdated) one.
  const moved = placed !== null && (current.file !== placed.file || current.startLine !== placed.startLine || current.endLine !== placed.endLine || current.outdated !== placed.outdated);
  if (action.action === "reopen") {
    const confirmedByOthers = await reachesConsensus(tx, current);
    const decision = decideTransition(current.status, "reopen", { reason: action.reason, confirmedByOthers });
    if (decision.ok) {
      const updated = await tx.finding.updateMany({ where: { id: current.id, status: current.status }, data: { status: decision.nextStatus, statusReason: decision.reason ?? null, ...anchorData } });
      if (updated.count === 1) {
        await recordFindingEvents(tx, { findingId: current.id, type: "reopened", actor: ctx.author, data: { reason: action.reason, headSha: seenAt, runId: ctx.runId } });
        await room({ type: "finding.updated", data: { pullRequestId: ctx.pullRequestId, findingId: current.id, change: "reopened", status: decision.nextStatus } });
        return { ok: true, findingId: current.id, status: "reopened" };
      }
    }
  }
  if (moved) await tx.finding.update({ where: { id: current.id }, data: anchorData });
  await recordFindingEvents(tx, {
    findingId: current.id,
    type: "raised_again",
    actor: ctx.author,
    data: { headSha: seenAt, runId: ctx.runId, ...(moved ? { from: anchorOf(current), to: anchorOf(placed!) } : {}) },
  });
  if (moved) await room({ type: "finding.updated", data: { pullRequestId: ctx.pullRequestId, findingId: current.id, change: "remapped" } });
  return { ok: true, findingId: current.id, status: "kept" };
}

async function recordDrop(prisma: PrismaClient, ctx: AddFindingContext, raw: unknown, reason: string): Promise<AddFindingResult> {
  return prisma.$transaction(async (tx) => {
    const drop = await tx.droppedFinding.create({ data: { pullRequestId: ctx.pullRequestId, runId: ctx.runId, raw: safeJson(raw), reason } });
    await recordEvent(tx, {
      workspaceId: ctx.workspaceId,
      roomId: ctx.roomId,
      runId: ctx.runId,
      type: "finding.dropped",
      data: { pullRequestId: ctx.pullRequestId, droppedFindingId: drop.id, reason, author: ctx.author },
    });
    return { ok: false, dropped: reason, droppedFindingId: drop.id };
  });
}

/** R10: an unexpired dismissal of this rule (kind and title) whose path covers the finding's file. */
async function coveringDismissal(tx: Db.TransactionClient, repositoryId: string, finding: FindingInput, file: string | null) {
  const candidates = await tx.dismissal.findMany({
    where: { repositoryId, kind: finding.kind, titleKey: normalizeTitle(finding.title), OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
    orderBy: { createdAt: "asc" },
  });
  return candidates.find((d) => d.pathPrefix === "" || (file !== null && (file === d.pathPrefix || (d.pathPrefix.endsWith("/") && file.startsWith(d.pathPrefix))))) ?? null;
}

/** The anchored lines at the head the author saw, for the fingerprint; "" when the file is not there. */
async function anchoredCode(mirror: string, sha: string, anchor: Anchor): Promise<string> {
  const text = await readFileAt(mirror, sha, anchor.file).catch(() => null);
  return text === null ? "" : snippetAt(text, anchor.startLine, anchor.endLine);
}

function anchorOf(a: { file: string | null; startLine: number | null; endLine: number | null }) {
  return { file: a.file, startLine: a.startLine, endLine: a.endLine };
}

/** What was submitted, as JSON, bounded: the drop must be visible, not a way to store megabytes. */
function safeJson(raw: unknown): Db.InputJsonValue {
  let text: string | undefined;
  try {
    text = JSON.stringify(raw);
  } catch {
    return { unreadable: String(raw).slice(0, 200) };
  }
  if (text === undefined) return { missing: true };
  if (text.length > MAX_RAW_CHARS) return { truncated: text.slice(0, MAX_RAW_CHARS) };
  return JSON.parse(text) as Db.InputJsonValue;
}
