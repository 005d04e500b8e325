import "server-only";
/**
 * R12: a pull request's anchored findings as review comments on GitHub. A live
 * finding (open or confirmed, anchored at the current head) is posted once;
 * later publishes edit that comment only when its text changed, and a finding
 * resolved or dismissed has its comment edited to say so. A comment whose id
 * was never stored (the publish died just after posting) is found again by the
 * marker in its body. An anchor GitHub refuses (the line is not part of the
 * diff) is recorded as refused and not tried again until the finding changes.
 */
import type { PrismaClient } from "../db/generated/client";
import type { GithubClient } from "../github/github-client";
import { commentBody, findingMarker, isLive, sentHash, type CommentFinding } from "./comment-body";
import type { Step } from "./publish-check-run";

export interface CommentTarget {
  owner: string;
  repo: string;
  pullRequestId: string;
  number: number;
  headSha: string;
  roomUrl: string | null;
}

type Listed = { id: number; body: string; html_url: string };

export async function syncComments(prisma: PrismaClient, client: GithubClient, target: CommentTarget, step: Step): Promise<{ live: number }> {
  const { owner, repo } = target;
  const findings = await prisma.finding.findMany({
    where: { pullRequestId: target.pullRequestId, file: { not: null }, startLine: { not: null } },
    include: { forgeComment: true },
    orderBy: { createdAt: "asc" },
  });
  let listed: Listed[] | null = null;
  const listComments = async () => {
    step.what = "list the pull request's review comments";
    listed ??= await client.paginate(client.rest.pulls.listReviewComments, { owner, repo, pull_number: target.number, per_page: 100 });
    return listed;
  };
  const remember = (findingId: string, data: { commentId: number | null; url: string | null; sentHash: string; state: string }) => {
    const row = { commentId: data.commentId === null ? null : BigInt(data.commentId), url: data.url, sentHash: data.sentHash, state: data.state };
    return prisma.forgeComment.upsert({ where: { findingId }, create: { findingId, pullRequestId: target.pullRequestId, ...row }, update: row });
  };

  let live = 0;
  for (const row of findings) {
    const finding: CommentFinding = { ...row, file: row.file!, startLine: row.startLine!, endLine: row.endLine ?? row.startLine! };
    const wanted = isLive(finding.status);
    const body = commentBody(finding, target.roomUrl);
    const hash = sentHash(body, finding);
    const state = wanted ? "open" : "closed";
    let known = row.forgeComment;
    if (known?.sentHash === hash) {
      if (known.state !== "refused" && wanted) live += 1;
      continue;
    }
    if (!known?.commentId) {
      const found = (await listComments()).find((c) => c.body.includes(findingMarker(finding.id)));
      if (found) known = { findingId: row.id, pullRequestId: target.pullRequestId, commentId: BigInt(found.id), url: found.html_url, sentHash: "", state, updatedAt: new Date() };
    }
    if (known?.commentId) {
      step.what = "update a review comment";
      try {
        const updated = await client.rest.pulls.updateReviewComment({ owner, repo, comment_id: Number(known.commentId), body });
        await remember(row.id, { commentId: updated.data.id, url: updated.data.html_url, sentHash: hash, state });
        if (wanted) live += 1;
        continue;
      } catch (error) {
        // Deleted on GitHub: post it again if it still stands.
        if ((error as { status?: number }).status !== 404) throw error;
      }
    }
    // Only a standing finding anchored at this very head is posted; an outdated one waits for its remap.
    if (!wanted || row.outdated || (row.anchorSha && row.anchorSha !== target.headSha)) continue;
    step.what = "post a review comment";
    try {
      const created = await client.rest.pulls.createReviewComment({
        owner,
        repo,
        pull_number: target.number,
        commit_id: target.headSha,
        path: finding.file,
        line: finding.endLine,
        side: "RIGHT",
        ...(finding.startLine < finding.endLine ? { start_line: finding.startLine, start_side: "RIGHT" as const } : {}),
        body,
      });
      await remember(row.id, { commentId: created.data.id, url: created.data.html_url, sentHash: hash, state });
      live += 1;
    } catch (error) {
      if ((error as { status?: number }).status !== 422) throw error;
      await remember(row.id, { commentId: null, url: null, sentHash: hash, state: "refused" });
    }
  }
  return { live };
}
