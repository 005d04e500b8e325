import "server-only";
/**
 * H6: moving a worktree's files to another commit happens inside the sandbox,
 * as the sandbox user, with the worktree writable and the mirror's objects
 * read-only — never by host git writing into a folder an agent can change.
 *
 * - `follow` (a room whose branch Gatehouse moved: an applied suggestion, a
 *   fix landing on a pull request's head): a two-tree merge from the commit
 *   the worktree had to the new one; local changes to other files stay, and a
 *   local change that would be overwritten refuses the move, changing nothing.
 * - `reset` (a review room moved to a pull request's new head): the files
 *   become exactly that commit's.
 *
 * The index the step wrote then replaces the worktree's (worktree-index.ts);
 * the caller moves what the worktree's git directory names (worktree-head.ts).
 */
import path from "node:path";
import { OBJECT_ID } from "./git-refs";
import { serialized } from "./mirror";
import { makeStepFolder, runStep, STEP_PRELUDE, stepSucceeded, type WorktreeOnRecord } from "./sandbox-git-step";
import { copyIndexIn, installIndex } from "./worktree-index";

const SCRIPT = `${STEP_PRELUDE}
if [ "$MODE" = follow ]; then
  # Files rewritten with the same content look changed by their stat data alone; refresh first, or read-tree refuses them.
  G update-index -q --ignore-submodules --refresh >/dev/null 2>&1
  G read-tree -m -u "$FROM" "$AT" || exit 24
else
  G read-tree --reset -u "$AT" || exit 24
fi
`;

const MOVE_TIMEOUT_MS = 180_000;

export async function moveWorktreeFiles(worktree: WorktreeOnRecord, move: { mode: "follow" | "reset"; from: string; to: string }): Promise<void> {
  if (!OBJECT_ID.test(move.from) || !OBJECT_ID.test(move.to)) throw new Error("moving a worktree needs two commit ids");
  await serialized(`worktree:${path.resolve(worktree.path)}`, async () => {
    const step = await makeStepFolder();
    try {
      await copyIndexIn(worktree.git, step);
      const result = await runStep({
        script: SCRIPT,
        worktree,
        writable: "worktree",
        step,
        objects: path.join(worktree.git.commonDir, "objects"),
        at: move.to,
        env: { MODE: move.mode, FROM: move.from },
        timeoutMs: MOVE_TIMEOUT_MS,
      });
      stepSucceeded(result, "read-tree -u");
      await installIndex(worktree.git, step);
    } finally {
      await step.cleanup();
    }
  });
}
