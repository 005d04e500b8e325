import "server-only";
/**
 * A person merges a pull request opened in Gatehouse (a GitHub pull request
 * merges on GitHub, and Gatehouse follows its delivery, R9).
 *
 * Where the merge lands (H3): on the base branch of Gatehouse's own mirror of
 * the repository — the storage every room, review and worktree is made from.
 * Gatehouse never writes into the folder or remote the repository was
 * registered from: that would run git in storage someone else configured
 * (hooks, filters, a checked-out work tree). The merge is plumbing in the bare
 * mirror (lib/repos/merge-into-branch.ts), and a marker keeps it on the branch
 * while the source is behind it (lib/repos/landed-refs.ts); whoever owns the
 * source takes it from the mirror with their own git (`git pull
 * <data>/mirrors/<id>.git <base>`), under their own configuration.
 *
 * The gate (decide-merge.ts): ship at the current head, or an override with a
 * reason. The head the person looked at must still be the head. The pull
 * request's row is claimed first (open, that head) inside a transaction that
 * also moves the branch, so a refused, conflicting or racing merge writes
 * neither rows nor refs.
 */
import { recordAudit } from "../audit/record-audit";
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { InvalidRefError, validateBranchName } from "../repos/git-refs";
import { BranchMovedError, revertBranch } from "../repos/land-commit";
import { branchTip } from "../repos/landed-refs";
import { mergeIntoBranch, type MergeOutcome } from "../repos/merge-into-branch";
import { serialized } from "../repos/mirror";
import { syncRepository } from "../repositories/sync-repository";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { decideMerge } from "./decide-merge";
import { mergePullBody, type MergePullBody } from "./schemas";
import { setPullState } from "./set-pull-state";

export interface MergedPull {
  state: "merged";
  method: "merge" | "fast-forward";
  mergeCommitSha: string;
  verdict: string;
  override: string | null;
}

const short = (sha: string) => sha.slice(0, 12);

export async function mergePullRequest(prisma: PrismaClient, actor: WorkspaceActor, pullRequestId: string, input: MergePullBody): Promise<MergedPull> {
  assertCan(actor, "write");
  const body = mergePullBody.parse(input);
  const pull = await prisma.pullRequest.findFirst({
    where: { id: pullRequestId, workspaceId: actor.workspaceId },
    include: { repository: { select: { id: true, workspaceId: true, path: true, remoteUrl: true } } },
  });
  if (!pull) throw notFound("That pull request");
  if (pull.source === "github") throw new AppError("unprocessable", `Pull request #${pull.number} lives on GitHub; merge it there and Gatehouse follows.`);
  if (pull.state !== "open") throw new AppError("conflict", `Pull request #${pull.number} is ${pull.state}; only an open pull request can be merged.`);
  if (body.headSha !== pull.headSha) {
    throw new AppError("conflict", `The head moved from ${short(body.headSha)} to ${short(pull.headSha)} since you looked; review the new head before merging it.`);
  }
  const base = branchName(pull.baseRef, "base");
  const head = pull.headRef;

  const [current, latest] = await Promise.all([
    prisma.review.findFirst({ where: { pullRequestId: pull.id, headSha: pull.headSha }, orderBy: { createdAt: "desc" }, select: { verdict: true } }),
    prisma.review.findFirst({ where: { pullRequestId: pull.id }, orderBy: { createdAt: "desc" }, select: { verdict: true, headSha: true } }),
  ]);
  const gate = decideMerge({ headSha: pull.headSha, current, latest, overrideReason: body.overrideReason });
  if (!gate.allowed) throw new AppError("conflict", gate.message, { verdict: gate.verdict });

  const person = await prisma.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { name: true, email: true } });
  // The base may have moved in the source since the review; merge onto what it is now (H3: via the mirror).
  const mirror = await syncRepository(prisma, pull.repository, { unlessMirrorHas: pull.headSha });
  const headTip = isBranchName(head) ? await branchTip(mirror, head) : null;
  if (headTip && headTip !== pull.headSha) {
    throw new AppError("conflict", `${head} is at ${short(headTip)}, which this pull request has not reviewed; use "Refresh head" and let the review catch up first.`);
  }

  const by = `user:${actor.userId}`;
  const message = `Merge pull request #${pull.number} from ${head}\n\n${pull.title}\n${gate.override ? `\nMerged over a ${gate.verdict} verdict by ${person.name}: ${gate.override}\n` : ""}`;
  let landed: Extract<MergeOutcome, { ok: true }> | null = null;
  try {
    await serialized(mirror, () =>
      prisma.$transaction(
        async (tx) => {
          // Claim the row at the head the person saw; a racing merge, close or push makes this count 0.
          const claimed = await tx.pullRequest.updateMany({
            where: { id: pull.id, state: "open", headSha: pull.headSha },
            data: { mergeMethod: body.method, mergeVerdict: gate.verdict, mergeOverrideReason: gate.override },
          });
          if (claimed.count === 0) throw new AppError("conflict", `Pull request #${pull.number} changed meanwhile; reload it and try again.`);
          const outcome = await mergeIntoBranch({ mirror, branch: base, head: pull.headSha, method: body.method, message, person });
          if (!outcome.ok) throw refusal(outcome, base, head);
          landed = outcome;
          await tx.pullRequest.update({ where: { id: pull.id }, data: { mergeCommitSha: outcome.to } });
          await setPullState(tx, { pullRequestId: pull.id, from: ["open"], to: "merged", by, reason: gate.override ? `Merged over ${gate.verdict}: ${gate.override}` : null });
          await recordAudit(tx, {
            workspaceId: actor.workspaceId,
            actorId: actor.userId,
            action: gate.override ? "pull_request.merged_with_override" : "pull_request.merged",
            targetType: "pull_request",
            targetId: pull.id,
            data: { number: pull.number, method: outcome.method, base, from: outcome.from, to: outcome.to, headSha: pull.headSha, verdict: gate.verdict, override: gate.override, by: person.name },
          });
        },
        { timeout: 60_000 },
      ),
    );
  } catch (error) {
    // The branch moved but the record was not saved: put the branch back, so nothing is half-written.
    const moved = landed as Extract<MergeOutcome, { ok: true }> | null;
    if (moved && moved.from !== moved.to) await revertBranch(mirror, base, moved.to, moved.from).catch(() => undefined);
    if (error instanceof BranchMovedError) throw new AppError("conflict", `${base} moved while merging; nothing was merged. Try again.`);
    throw error;
  }
  const done = landed as Extract<MergeOutcome, { ok: true }> | null;
  if (!done) throw new Error("the merge transaction finished without landing");
  return { state: "merged", method: done.method, mergeCommitSha: done.to, verdict: gate.verdict, override: gate.override };
}

function refusal(outcome: Extract<MergeOutcome, { ok: false }>, base: string, head: string): AppError {
  if (outcome.reason === "not_fast_forward") {
    return new AppError("conflict", `${base} has commits ${head} does not have, so a fast-forward is not possible. Merge with a merge commit, or bring ${head} up to date first.`, { reason: outcome.reason });
  }
  if (outcome.reason === "conflict") {
    return new AppError("conflict", `Merging ${head} into ${base} conflicts in ${outcome.conflicts.join(", ") || "some files"}. Nothing was merged; resolve the conflict on ${head} first.`, {
      reason: outcome.reason,
      conflicts: outcome.conflicts,
    });
  }
  return new AppError("unprocessable", `The base branch ${base} no longer exists in the repository.`, { reason: outcome.reason });
}

function branchName(ref: string, what: string): string {
  try {
    return validateBranchName(ref);
  } catch (error) {
    if (error instanceof InvalidRefError) throw new AppError("unprocessable", `The ${what} "${ref}" is not a branch, so there is nothing to merge into.`);
    throw error;
  }
}

function isBranchName(ref: string): boolean {
  try {
    validateBranchName(ref);
    return true;
  } catch {
    return false;
  }
}
