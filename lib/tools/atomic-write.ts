/**
 * Replace a file's content all at once: write a temp file beside it, then
 * rename over it. A crash or a full disk never leaves a half-written file, and
 * rename replaces a directory entry without following a symlink there.
 */
import { randomBytes } from "node:crypto";
import { mkdir, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";

/** `target` must already be confined to the worktree (confinePath). */
export async function atomicWrite(target: string, content: string): Promise<void> {
  const dir = path.dirname(target);
  await mkdir(dir, { recursive: true });
  // Keep the mode of a file being replaced (an executable script stays executable).
  const mode = await stat(target).then((s) => s.mode & 0o7777, () => 0o644);
  const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString("hex")}.gatehouse-tmp`);
  try {
    // "wx": O_CREAT|O_EXCL, fails rather than follow anything already there.
    await writeFile(temp, content, { flag: "wx", mode });
    await rename(temp, target);
  } catch (err) {
    await unlink(temp).catch(() => {});
    throw err;
  }
}
