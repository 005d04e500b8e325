import "server-only";
/**
 * R5: the axes a repository declares at one head (gatehouse.axes.json at its
 * root, read from the commit, not from any worktree). A commit that cannot be
 * read is reported like a broken file: unknown gates are not green.
 */
import { readFileAt } from "../repos/pull-git";
import { readAxesFile, type ReadAxesFileResult } from "./read-axes-file";
import { AXES_FILE_NAME } from "./schemas";

export async function readAxesAt(mirror: string, headSha: string): Promise<ReadAxesFileResult> {
  try {
    return readAxesFile(await readFileAt(mirror, headSha, AXES_FILE_NAME, 256 * 1024));
  } catch (error) {
    return { ok: false, reason: `${AXES_FILE_NAME} could not be read at ${headSha.slice(0, 12)} (${(error as Error).message.slice(0, 200)})` };
  }
}
