/**
 * The branches of a repository as Gatehouse's mirror has them (H3: read from
 * the mirror, never the source), newest commit first, for the pull-request
 * dialog's picker. Names that would not pass validation are left out, so the
 * picker never offers one the server would refuse.
 */
import { git } from "./git";
import { InvalidRefError, validateBranchName } from "./git-refs";

export interface BranchInfo {
  name: string;
  sha: string;
  /** committer date of the tip, ISO 8601 */
  committedAt: string;
  subject: string;
}

const MAX_BRANCHES = 2_000;

export async function listBranches(mirror: string): Promise<BranchInfo[]> {
  const { stdout } = await git(
    ["for-each-ref", "--sort=-committerdate", `--count=${MAX_BRANCHES}`, "--format=%(objectname)%09%(committerdate:iso-strict)%09%(refname:strip=2)%09%(contents:subject)", "refs/heads"],
    { gitDir: mirror },
  );
  const out: BranchInfo[] = [];
  for (const line of stdout.split("\n")) {
    const [sha = "", committedAt = "", name = "", ...subject] = line.split("\t");
    if (!/^[0-9a-f]{40}$/.test(sha)) continue;
    try {
      validateBranchName(name);
    } catch (error) {
      if (error instanceof InvalidRefError) continue;
      throw error;
    }
    out.push({ name, sha, committedAt, subject: subject.join("\t").slice(0, 200) });
  }
  return out;
}
