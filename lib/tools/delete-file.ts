/** delete_file: remove one file (not a directory) from the worktree. */
import { lstat, unlink } from "node:fs/promises";
import { z } from "zod";
import { confinePath, requireWritableWorktree } from "./confine-path";
import { MAX_PATH_CHARS } from "./limits";
import { ToolError, type ToolDefinition } from "./types";

const input = z.strictObject({
  path: z.string().min(1).max(MAX_PATH_CHARS),
});

export type DeleteFileInput = z.infer<typeof input>;

export const deleteFileTool: ToolDefinition<DeleteFileInput> = {
  name: "delete_file",
  tier: "write",
  effects: ["write_worktree", "delete_files"],
  scope: "general",
  description:
    "Delete one file from the worktree. `path` is relative to the worktree root. Directories are not deleted " +
    "(delete their files one by one); a symbolic link is removed itself, never what it points to.",
  input,
  async execute(args, ctx) {
    const worktree = requireWritableWorktree(ctx);
    const file = await confinePath(worktree, args.path);
    // `file.path` has its parents resolved but not its last component: unlink the entry the model named.
    const info = await lstat(file.path).catch(() => null);
    if (!info) throw new ToolError(`file not found: ${file.relative}`);
    if (info.isDirectory()) throw new ToolError(`${file.relative} is a directory; delete_file removes single files`);
    await unlink(file.path);
    return { output: `Deleted ${file.relative}.` };
  },
};
