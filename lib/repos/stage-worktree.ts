import "server-only";
/**
 * H6: staging a worktree's changes and writing their tree happen inside the
 * sandbox (sandbox-git-step.ts), with the worktree mounted read-only. The
 * step starts from the commit the host names (its tree in a private index,
 * with the worktree's stat data when there is a copy), stages every change
 * (or those in the paths given), writes the tree, and packs the objects it
 * wrote. Nothing it makes touches Gatehouse's mirror: its objects go to
 * its own scratch directory, and the host imports the pack and checks the
 * tree (commit-worktree.ts) before it records anything.
 */
import path from "node:path";
import { OBJECT_ID } from "./git-refs";
import { NestedRepositoryError } from "./nested-repository";
import { makeStepFolder, openStepFile, readStepFile, runStep, SandboxedGitError, STEP_PRELUDE, stepSucceeded, type StepFolder, type WorktreeOnRecord } from "./sandbox-git-step";
import { copyIndexIn } from "./worktree-index";

/**
 * The step. TREE is the commit's tree; the positional parameters are literal
 * pathspecs (none: everything). `git add -A` is not used: to tell whether a
 * submodule's checkout is "dirty" it runs `git status` inside it, under that
 * repository's own config — the very recursion H6 closes, even in here. So the
 * step lists what changed with `status --ignore-submodules=all`, which never
 * looks into a nested repository and names one it finds as a single `dir/`
 * entry, and stages exactly those paths. (The private index equals the
 * commit's tree, so every entry is " M", " D", " T" or "??" and the path
 * starts at the fourth character.) A nested repository is never staged: exit
 * 25, and the host names it. The objects `update-index` and `write-tree`
 * wrote are the loose objects of the scratch directory; `pack-objects` reads
 * their ids and writes one pack the host reads as data.
 */
const SCRIPT = `${STEP_PRELUDE}
if [ -f "$OUT/index" ]; then G read-tree -m "$TREE" 2>/dev/null || { rm -f "$OUT/index"; G read-tree "$TREE" || exit 20; }
else G read-tree "$TREE" || exit 20; fi
G status --porcelain=v1 -z --no-renames --ignore-submodules=all --untracked-files=all -- "$@" > "$OUT/status" || exit 21
cut -z -c4- "$OUT/status" > "$OUT/changed" || exit 21
grep -qz '/$' "$OUT/changed" && exit 25
G update-index -z --add --remove --replace --stdin < "$OUT/changed" || exit 21
G write-tree > "$OUT/tree" || exit 22
( cd "$g/objects" && find . -type f -path './??/*' ) | sed 's#^\\./\\(..\\)/#\\1#' > "$OUT/written"
[ -s "$OUT/written" ] || exit 0
G pack-objects -q --stdout < "$OUT/written" > "$OUT/pack" || exit 23
`;

const STAGE_TIMEOUT_MS = 180_000;
const NESTED_EXIT = 25;
const MAX_LIST_BYTES = 64 * 1024 * 1024;
/** The sandbox's own file-size limit bounds it too; this only keeps a mistake from filling memory. */
const MAX_PACK_BYTES = 8 * 1024 * 1024 * 1024;

export interface StagedWorktree {
  /** the tree the worktree's files make (not yet checked: see commit-worktree.ts) */
  tree: string;
  step: StepFolder;
  /** the pack of the objects the step wrote; the caller closes it */
  pack: Awaited<ReturnType<typeof openStepFile>>;
}

export async function stageWorktree(worktree: WorktreeOnRecord, base: { commit: string; tree: string; mirror: string; pathspecs?: readonly string[] }): Promise<StagedWorktree> {
  const step = await makeStepFolder();
  try {
    await copyIndexIn(worktree.git, step);
    const result = await runStep({
      script: SCRIPT,
      worktree,
      writable: "step",
      step,
      objects: path.join(base.mirror, "objects"),
      at: base.commit,
      env: { TREE: base.tree },
      args: base.pathspecs ?? [],
      timeoutMs: STAGE_TIMEOUT_MS,
    });
    if (result.exitCode === NESTED_EXIT) {
      const listed = (await readStepFile(step, "changed", MAX_LIST_BYTES)) ?? "";
      throw NestedRepositoryError.at(listed.split("\0").filter((p) => p.endsWith("/")).map((p) => p.slice(0, -1)));
    }
    stepSucceeded(result, "update-index");
    const tree = (await readStepFile(step, "tree", 100))?.trim() ?? "";
    if (!OBJECT_ID.test(tree)) throw new SandboxedGitError("write-tree", result.exitCode, "the step named no tree", false);
    return { tree, step, pack: await openStepFile(step, "pack", MAX_PACK_BYTES) };
  } catch (error) {
    await step.cleanup();
    throw error;
  }
}
