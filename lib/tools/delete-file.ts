/** delete_file: remove one file (not a directory) from the worktree. */
import { lstat, unlink } from "node:fs/promises";
import { z } from "zod";
import { requireWritableWorktree } from "./confine-path";
import { MAX_PATH_CHARS } from "./limits";
import { resolveInWorktree } from "./resolve-in-worktree";
import { ToolError, type ToolDefinition } from "./types";
import { entryPath } from "./worktree-dir";

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
    // The last component is not followed: the entry the model named is removed, never a link's target.
    const file = await resolveInWorktree(worktree, args.path, { followLast: false });
    try {
      if (file.kind === "symlink") {
        // Same refusals as for reading it: a link that leads outside, into .git or nowhere is not the model's to touch.
        await (await resolveInWorktree(worktree, args.path, { followLast: true })).close();
      }
      if (file.kind === "missing") throw new ToolError(`file not found: ${file.relative}`);
      if (file.kind === "directory") throw new ToolError(`${file.relative} is a directory; delete_file removes single files`);
      // unlink names the entry through the open parent directory and never follows it (H2).
      await unlink(entryPath(file.parent, file.name)).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code === "ENOENT") throw new ToolError(`file not found: ${file.relative}`);
        const now = await lstat(entryPath(file.parent, file.name)).catch(() => null);
        if (now?.isDirectory()) throw new ToolError(`${file.relative} is a directory; delete_file removes single files`);
        throw err;
      });
    } finally {
      await file.close();
    }
    return { output: `Deleted ${file.relative}.` };
  },
};
