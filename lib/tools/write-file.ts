/** write_file: create or replace one file in the worktree. */
import { lstat } from "node:fs/promises";
import { z } from "zod";
import { atomicWrite } from "./atomic-write";
import { confinePath, requireWritableWorktree } from "./confine-path";
import { MAX_PATH_CHARS, MAX_WRITE_BYTES } from "./limits";
import { ToolError, type ToolDefinition } from "./types";

const input = z.strictObject({
  path: z.string().min(1).max(MAX_PATH_CHARS),
  content: z.string().max(MAX_WRITE_BYTES),
});

export type WriteFileInput = z.infer<typeof input>;

export const writeFileTool: ToolDefinition<WriteFileInput> = {
  name: "write_file",
  tier: "write",
  effects: ["write_worktree"],
  scope: "general",
  description:
    "Create a file in the worktree or replace its whole content. `path` is relative to the worktree root; missing " +
    `parent directories are created. \`content\` is the complete new text (at most ${MAX_WRITE_BYTES} bytes). ` +
    "Files inside .git cannot be written.",
  input,
  async execute(args, ctx) {
    const worktree = requireWritableWorktree(ctx);
    const size = Buffer.byteLength(args.content, "utf8");
    if (size > MAX_WRITE_BYTES) throw new ToolError(`content is ${size} bytes, over the ${MAX_WRITE_BYTES}-byte limit`);
    const file = await confinePath(worktree, args.path);
    if (file.exists && !(await lstat(file.target)).isFile()) throw new ToolError(`${file.relative} exists and is not a regular file`);
    await atomicWrite(file.target, args.content);
    return { output: `${file.exists ? "Replaced" : "Created"} ${file.relative} (${size} bytes).` };
  },
};
