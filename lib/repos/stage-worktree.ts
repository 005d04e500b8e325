import "server-only";
/**
 * H6: staging a worktree's changes — `git add -A` and `git write-tree` —
 * happens inside the sandbox (sandbox-git-step.ts), with the worktree mounted
 * read-only. The step starts from the commit the host names (its tree in a
 * private index, with the worktree's stat data when there is a copy), adds
 * every change (or the paths given), writes the tree, and packs the objects
 * it wrote. Nothing it makes touches Gatehouse's mirror: its objects go to
 * its own scratch directory, and the host imports the pack and checks the
 * tree (commit-worktree.ts) before it records anything.
 */
import { OBJECT_ID } from "./git-refs";
import { NestedRepositoryError } from "./nested-repository";
import { makeStepFolder, openStepFile, readStepFile, runStep, SandboxedGitError, STEP_PRELUDE, stepSucceeded, type StepFolder, type WorktreeOnRecord } from "./sandbox-git-step";
import { copyIndexIn } from "./worktree-index";
import { writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * The step. TREE is the commit's tree; `$OUT/paths`, when present, holds
 * literal pathspecs separated by NUL bytes. The objects `add` and `write-tree`
 * wrote are the loose objects of the scratch directory; `pack-objects` reads
 * their ids and writes one pack the host reads as data.
 */
const SCRIPT = `${STEP_PRELUDE}
if [ -f "$OUT/index" ]; then G read-tree -m "$TREE" 2>/dev/null || { rm -f "$OUT/index"; G read-tree "$TREE" || exit 20; }
else G read-tree "$TREE" || exit 20; fi
if [ -f "$OUT/paths" ]; then G add -A --pathspec-from-file="$OUT/paths" --pathspec-file-nul || exit 21
else G add -A || exit 21; fi
G write-tree > "$OUT/tree" || exit 22
( cd "$g/objects" && find . -type f -path './??/*' ) | sed 's#^\\./\\(..\\)/#\\1#' | G pack-objects -q --stdout > "$OUT/pack" || exit 23
`;

const STAGE_TIMEOUT_MS = 180_000;
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
    if (base.pathspecs?.length) await writeFile(path.join(step.dir, "paths"), base.pathspecs.map((p) => `${p}\0`).join(""));
    const result = await runStep({
      script: SCRIPT,
      worktree,
      writable: "step",
      step,
      objects: path.join(base.mirror, "objects"),
      at: base.commit,
      env: { TREE: base.tree },
      timeoutMs: STAGE_TIMEOUT_MS,
    });
    const unborn = [...result.stderr.matchAll(/'(.+?)\/?' does not have a commit checked out/g)].map((m) => m[1]!);
    if (unborn.length > 0) throw NestedRepositoryError.at(unborn);
    stepSucceeded(result, "add");
    const tree = (await readStepFile(step, "tree", 100))?.trim() ?? "";
    if (!OBJECT_ID.test(tree)) throw new SandboxedGitError("write-tree", result.exitCode, "the step named no tree", false);
    return { tree, step, pack: await openStepFile(step, "pack", MAX_PACK_BYTES) };
  } catch (error) {
    await step.cleanup();
    throw error;
  }
}
