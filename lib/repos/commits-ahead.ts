/**
 * How many commits `branch` has that `base` lacks, read from the branches in
 * Gatehouse's mirror (H6: a git directory Gatehouse owns, never a worktree).
 * Null when either branch is missing.
 */
import { git } from "./git";
import { validateBranchName } from "./git-refs";

export async function commitsAhead(mirror: string, base: string, branch: string): Promise<number | null> {
  validateBranchName(base);
  validateBranchName(branch);
  const result = await git(["rev-list", "--count", `refs/heads/${base}..refs/heads/${branch}`, "--"], { gitDir: mirror, okExitCodes: [128] });
  if (result.exitCode !== 0) return null;
  const count = Number.parseInt(result.stdout.trim(), 10);
  return Number.isFinite(count) ? count : null;
}
