import "server-only";
/**
 * H6: where host-side git may run. Every path the wrapper hands git — its git
 * directory, the common directory, a private index, its working directory —
 * must be a git directory Gatehouse owns (a mirror, a worktree's git
 * directory inside one, a private index beside them), never a place an agent
 * could have written:
 *
 * - nothing under the worktrees folder (rooms, tickets, reviews, gate axes) or
 *   the staging folder (what sandboxed steps hand back), whatever the path
 *   says after symbolic links are resolved;
 * - nothing inside a work tree anywhere: walking up from the path, a folder
 *   holding a `.git` means the path is that folder's own `.git` directory or
 *   the path is refused — so a nested repository, a `.git` file or a `.git`
 *   link inside a worktree is never taken for a git directory.
 *
 * The check is structural and needs no database: it holds for a call nobody
 * has written yet, which is the point (tests/architecture/host-git-call-sites
 * keeps every call going through the wrapper that runs it).
 */
import { lstat, realpath } from "node:fs/promises";
import path from "node:path";
import { dataDir, stagingDir, worktreesDir } from "../config/data-dir";

/** A host git call aimed at a place agents can write; a bug in Gatehouse, never the agent's input. */
export class HostGitRefusedError extends Error {
  constructor(message: string) {
    super(`H6: refusing to run git on the host: ${message}`);
    this.name = "HostGitRefusedError";
  }
}

function inside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/** The path with its longest existing prefix resolved (a git directory `git init` has yet to make still resolves). */
async function resolvedPath(p: string): Promise<string> {
  const rest: string[] = [];
  for (let current = p; ; current = path.dirname(current)) {
    try {
      return path.join(await realpath(current), ...rest.reverse());
    } catch {
      if (current === path.dirname(current)) return p;
      rest.push(path.basename(current));
    }
  }
}

async function agentWritableRoots(): Promise<{ root: string; label: string }[]> {
  const roots = [
    { root: worktreesDir(), label: "the worktrees folder" },
    { root: stagingDir(), label: "the staging folder sandboxed steps write" },
  ];
  return [...roots, ...(await Promise.all(roots.map(async (r) => ({ ...r, root: await resolvedPath(r.root) }))))];
}

/** Throws HostGitRefusedError unless `p` is a place host git may use (see the module comment). */
export async function assertHostGitPath(p: string, what: string): Promise<void> {
  if (!path.isAbsolute(p)) throw new HostGitRefusedError(`${what} must be an absolute path: ${p}`);
  const literal = path.normalize(p);
  const resolved = await resolvedPath(literal);
  for (const { root, label } of await agentWritableRoots()) {
    if (inside(literal, root) || inside(resolved, root)) throw new HostGitRefusedError(`${what} ${p} lies in ${label}, which agents can write`);
  }
  // Gatehouse's data folder is its own; above it (a checkout the server runs from, say) is not the question.
  const data = [path.resolve(dataDir()), await resolvedPath(dataDir())];
  // The path as given and where it leads: a `.git` link on the way counts as much as the folder it names.
  for (const start of new Set([literal, resolved])) await assertOutsideWorkTrees(start, p, what, data);
}

async function assertOutsideWorkTrees(start: string, p: string, what: string, data: readonly string[]): Promise<void> {
  const stop = data.find((d) => inside(start, d)) ?? path.parse(start).root;
  for (let dir = start; ; dir = path.dirname(dir)) {
    const dotGit = path.join(dir, ".git");
    const info = await lstat(dotGit).catch(() => null);
    if (info && !(info.isDirectory() && inside(start, dotGit))) {
      const kind = info.isSymbolicLink() ? "a .git link" : info.isDirectory() ? "a .git folder" : "a .git file";
      throw new HostGitRefusedError(`${what} ${p} lies inside the work tree ${dir} (it has ${kind}); only Gatehouse's own git directories are used`);
    }
    if (dir === stop || dir === path.dirname(dir)) return;
  }
}
