/**
 * Test support: set a git fixture up the way Gatehouse sets up its own folders
 * for the sandbox user (H1): it must own the worktree's contents to write them
 * in a writable mode. The fixture's root stays private (0700); mounts are
 * staged, so the sandbox user never passes through it.
 */
import { handToSandboxUser } from "./sandbox-user";

export async function readyForSandbox(fx: { worktree: string }): Promise<void> {
  await handToSandboxUser(fx.worktree);
}
