/**
 * Test support: set a git fixture up the way Gatehouse sets up its own folders
 * for the sandbox user (H1). mkdtemp makes the fixture's root private (0700);
 * the sandbox user must pass through it (search, never list) to reach the
 * worktree and the git data, and must own the worktree's contents to write
 * them in a writable mode.
 */
import { chmod } from "node:fs/promises";
import { handToSandboxUser } from "./sandbox-user";

export async function readyForSandbox(fx: { root: string; worktree: string }): Promise<void> {
  await chmod(fx.root, 0o711);
  await handToSandboxUser(fx.worktree);
}
