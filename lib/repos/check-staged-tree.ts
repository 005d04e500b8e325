import "server-only";
/**
 * H6: the host's check of a tree a sandboxed step wrote, before anything
 * records it — with plumbing on Gatehouse's mirror, reading objects only.
 * The objects came in as a pack (`unpack-objects --strict`: every object is
 * checked, and every object a tree names must exist); then the tree's changes
 * against the commit it was staged on are read entry by entry. A new or
 * changed gitlink (a nested repository), a new or changed `.gitmodules` and
 * any path git would take for `.git` refuse the commit (NestedRepositoryError).
 * Gitlinks and a `.gitmodules` the commit already had stay as they are: they
 * came from the repository's history, and host code never follows them.
 */
import type { FileHandle } from "node:fs/promises";
import { git, GitError } from "./git";
import { OBJECT_ID } from "./git-refs";
import { isGitComponent, isGitmodules, NestedRepositoryError } from "./nested-repository";

const IMPORT_TIMEOUT_MS = 180_000;
const MAX_RAW_DIFF_BYTES = 64 * 1024 * 1024;

/** Reads the pack a step wrote into the mirror; a malformed object refuses the whole pack. */
export async function importPack(mirror: string, pack: FileHandle): Promise<void> {
  // "PACK", version, object count: a step that wrote no object (only deletions, say) needs no import.
  const header = Buffer.alloc(12);
  const { bytesRead } = await pack.read(header, 0, 12, 0);
  if (bytesRead === 12 && header.toString("latin1", 0, 4) === "PACK" && header.readUInt32BE(8) === 0) return;
  try {
    await git(["unpack-objects", "-q", "--strict"], { gitDir: mirror, inputFd: pack.fd, timeoutMs: IMPORT_TIMEOUT_MS });
  } catch (error) {
    // fsck's words for a tree entry named .git, and for a .gitmodules it would not accept.
    if (error instanceof GitError && /hasDotgit/.test(error.stderr)) throw NestedRepositoryError.gitPath(["a path in the change"]);
    if (error instanceof GitError && /gitmodules/i.test(error.stderr)) throw NestedRepositoryError.declaringSubmodules([".gitmodules"]);
    throw error;
  }
}

export interface TreeChange {
  status: string;
  oldMode: string;
  newMode: string;
  path: string;
}

/** `diff-tree -r --raw -z` output as entries. Pure. */
export function parseRawDiff(text: string): TreeChange[] {
  const fields = text.split("\0");
  const changes: TreeChange[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const meta = fields[i]!;
    if (!meta.startsWith(":")) break;
    const [oldMode = "", newMode = "", , , status = ""] = meta.slice(1).split(" ");
    changes.push({ status: status[0] ?? "", oldMode, newMode, path: fields[i + 1]! });
  }
  return changes;
}

/** What in `changes` a commit may not bring (see the module comment); empty when nothing. Pure. */
export function refusedChanges(changes: readonly TreeChange[]): NestedRepositoryError | null {
  const added = changes.filter((c) => c.status !== "D");
  const gitPaths = added.filter((c) => c.path.split("/").some(isGitComponent)).map((c) => c.path);
  if (gitPaths.length) return NestedRepositoryError.gitPath(gitPaths);
  const gitlinks = added.filter((c) => c.newMode === "160000").map((c) => c.path);
  if (gitlinks.length) return NestedRepositoryError.at(gitlinks);
  const modules = added.filter((c) => c.path.split("/").some(isGitmodules)).map((c) => c.path);
  if (modules.length) return NestedRepositoryError.declaringSubmodules(modules);
  return null;
}

/** Throws unless `tree` is a tree in the mirror whose changes against `baseTree` a commit may bring. */
export async function checkStagedTree(mirror: string, baseTree: string, tree: string): Promise<void> {
  if (!OBJECT_ID.test(tree) || !OBJECT_ID.test(baseTree)) throw new Error("not a tree id");
  const type = await git(["cat-file", "-t", tree], { gitDir: mirror, okExitCodes: [128] });
  if (type.stdout.trim() !== "tree") throw new Error("the sandboxed step named a tree the mirror does not have");
  const raw = await git(["diff-tree", "-r", "-z", "--raw", "--no-renames", "--ignore-submodules=none", baseTree, tree], { gitDir: mirror, maxOutputBytes: MAX_RAW_DIFF_BYTES });
  if (raw.truncated) throw new Error("the change is too large to check");
  const refused = refusedChanges(parseRawDiff(raw.stdout));
  if (refused) throw refused;
}
