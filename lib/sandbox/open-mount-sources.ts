import "server-only";
/**
 * Opens every directory and file the sandbox mounts, as the server, before
 * bubblewrap starts (H1, H2). bwrap mounts from these handles (`--bind-fd`) and
 * checks that what it mounted is what was opened, so swapping a path for a
 * symbolic link in between makes the start fail instead of mounting something
 * else. Files are mounted too: a worktree's git data includes `HEAD`,
 * `packed-refs` and `config` of its mirror.
 *
 * A server running as root stages the sources in a mount namespace of its own
 * first (sandbox-command.ts), so the sandbox user never resolves their real
 * paths. A server that is not root *is* the sandbox user, and bwrap resolves
 * each handle's path as it: then every folder above a source must let it pass
 * (search, not list), and when one does not, the command is refused here with
 * a message naming the folder, not bwrap's "Can't find source path".
 */
import { constants } from "node:fs";
import { open, stat, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";
import type { SandboxUser } from "./sandbox-user";

export class MountSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MountSourceError";
  }
}

export interface MountSources {
  /** path → open handle (a directory or a regular file), in the order given */
  handles: Map<string, FileHandle>;
  close(): Promise<void>;
}

/** The server's own uid/gid (it runs the sandbox itself when it is not root). */
function ownIdentity(): SandboxUser | null {
  return typeof process.getuid === "function" && typeof process.getgid === "function" ? { uid: process.getuid(), gid: process.getgid() } : null;
}

function searchableBy(info: { uid: number; gid: number; mode: number }, user: SandboxUser): boolean {
  if (info.uid === user.uid) return (info.mode & 0o100) !== 0;
  if (info.gid === user.gid) return (info.mode & 0o010) !== 0;
  return (info.mode & 0o001) !== 0;
}

async function assertReachable(path: string, user: SandboxUser): Promise<void> {
  for (let folder = dirname(path); ; folder = dirname(folder)) {
    const info = await stat(folder);
    if (!searchableBy(info, user)) {
      throw new MountSourceError(
        `the sandbox user (uid ${user.uid}) cannot reach ${path}: it may not pass through ${folder}. ` +
          `Let it through every folder above Gatehouse's data and repositories (chmod o+x ${folder}, or g+x with group ${user.gid}).`,
      );
    }
    if (folder === "/") return;
  }
}

/**
 * `paths` must already be real paths (no symbolic links); a link in the last
 * component is refused rather than followed.
 */
export async function openMountSources(paths: readonly string[], user: SandboxUser | null): Promise<MountSources> {
  const self = ownIdentity();
  const handles = new Map<string, FileHandle>();
  const close = async () => {
    await Promise.all([...handles.values()].map((handle) => handle.close().catch(() => undefined)));
  };
  try {
    for (const path of paths) {
      if (handles.has(path)) continue;
      if (!user && self) await assertReachable(path, self);
      // O_NONBLOCK: a FIFO planted at a mount path must not hang the open.
      const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
      handles.set(path, handle);
      const info = await handle.stat();
      if (!info.isDirectory() && !info.isFile()) throw new MountSourceError(`refusing to mount ${path}: it is neither a folder nor a regular file`);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { handles, close };
}
