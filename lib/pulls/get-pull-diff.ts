import "server-only";
/**
 * The diff the review room shows: unified text plus the parsed files (hunks,
 * old/new line numbers) the viewer renders and anchors findings on. Defaults
 * to the pull request's merge base → head; `base`/`head` pick other commits
 * (e.g. the previous head, to see what a push changed). Capped: a diff beyond
 * the cap is cut at a line boundary and says so.
 */
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { diff, revParse } from "../repos/git";
import { InvalidRefError } from "../repos/git-refs";
import { mirrorPath } from "../repos/mirror-paths";
import { parseDiff, type DiffFile } from "../diff/parse-diff";

export const MAX_VIEW_DIFF_BYTES = 8 * 1024 * 1024;

export interface PullDiff {
  base: string;
  head: string;
  text: string;
  files: DiffFile[];
  truncated: boolean;
  limitBytes: number;
  /** set when truncated: what was cut and how to see the rest */
  message: string | null;
}

export async function getPullDiff(prisma: PrismaClient, workspaceId: string, pullRequestId: string, query: { base?: string; head?: string } = {}): Promise<PullDiff> {
  const pull = await prisma.pullRequest.findFirst({ where: { id: pullRequestId, workspaceId }, select: { baseSha: true, headSha: true, repositoryId: true } });
  if (!pull) throw notFound("That pull request");
  const mirror = mirrorPath(pull.repositoryId);
  const [base, head] = await Promise.all([commit(mirror, query.base ?? pull.baseSha), commit(mirror, query.head ?? pull.headSha)]);
  const result = await diff({ gitDir: mirror, base, head, maxOutputBytes: MAX_VIEW_DIFF_BYTES });
  // A cut diff ends mid-line; drop the partial line so the parser sees whole lines only.
  const text = result.truncated ? result.text.slice(0, result.text.lastIndexOf("\n") + 1) : result.text;
  return {
    base,
    head,
    text,
    files: parseDiff(text),
    truncated: result.truncated,
    limitBytes: MAX_VIEW_DIFF_BYTES,
    message: result.truncated
      ? `This diff is larger than ${MAX_VIEW_DIFF_BYTES / (1024 * 1024)} MB; only its first part is shown, and the last file shown may be incomplete.`
      : null,
  };
}

async function commit(mirror: string, ref: string): Promise<string> {
  try {
    return await revParse({ gitDir: mirror }, ref);
  } catch (error) {
    if (error instanceof InvalidRefError) throw new AppError("unprocessable", `"${ref.slice(0, 80)}" is not a commit of this repository.`);
    throw error;
  }
}
