/**
 * Replace a file's content all at once: write a temp file beside it, then
 * rename over it. A crash or a full disk never leaves a half-written file.
 *
 * Both live in the directory the caller resolved and holds open (H2): the temp
 * file is created as an entry of that handle with O_CREAT|O_EXCL|O_NOFOLLOW and
 * the rename names both entries through it, so neither can land outside the
 * worktree whatever the agent swaps meanwhile; rename replaces the entry itself,
 * a symbolic link included, never what a link points to.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { open, rename, unlink } from "node:fs/promises";
import { sandboxUser } from "../sandbox/sandbox-user";
import type { Owner } from "./resolve-in-worktree";
import { ToolError } from "./types";
import { CREATE_FILE, entryPath, type Dir } from "./worktree-dir";

export interface WriteOptions {
  /** permission bits of the new file (setuid, setgid and sticky are never carried over) */
  mode: number;
  /** set it exactly (an edit keeps the file's mode) rather than leave it to the umask */
  exactMode: boolean;
  /** who the file belongs to; null leaves it to the server's own user */
  owner: Owner | null;
}

/** What the agent's own changes can make a write run into; the model can simply try again. */
const RACED = new Set(["ENOENT", "ENOTDIR", "EISDIR", "ENOTEMPTY", "EEXIST"]);

function asToolError(err: unknown, name: string): unknown {
  const code = (err as NodeJS.ErrnoException).code;
  if (code && RACED.has(code)) return new ToolError(`could not write ${name}: its directory changed while it was being written (${code}); try again`);
  return err;
}

export async function atomicWrite(dir: Dir, name: string, content: string, options: WriteOptions): Promise<void> {
  const mode = options.mode & 0o777;
  const temp = `.${name}.${randomBytes(6).toString("hex")}.gatehouse-tmp`;
  const handle = await open(entryPath(dir, temp), CREATE_FILE, mode).catch((err) => {
    throw asToolError(err, name);
  });
  try {
    await handle.writeFile(content);
    // On the descriptor we created, before the file has its name: the sandbox
    // user must be able to change what the tools write (H1 runs it unprivileged).
    if (options.owner) await handle.chown(options.owner.uid, options.owner.gid);
    if (options.exactMode) await handle.chmod(mode);
    await handle.close();
    await rename(entryPath(dir, temp), entryPath(dir, name));
  } catch (err) {
    await handle.close().catch(() => {});
    await unlink(entryPath(dir, temp)).catch(() => {});
    throw asToolError(err, name);
  }
}

/**
 * Whether what the write tools create is handed to the worktree's owner: when
 * the server runs as root, the worktree of a writable room belongs to the
 * unprivileged sandbox user (H1), whose commands must still be able to change
 * those files. A server that is not root creates them as itself, which is
 * already the user its sandbox runs as.
 */
export function writesChangeOwner(): boolean {
  return sandboxUser() !== null;
}
