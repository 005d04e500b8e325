/** write_file: create or replace one file in the worktree. */
import { lstat } from "node:fs/promises";
import { z } from "zod";
import { atomicWrite, writesChangeOwner } from "./atomic-write";
import { requireWritableWorktree } from "./confine-path";
import { MAX_PATH_CHARS, MAX_WRITE_BYTES } from "./limits";
import { resolveInWorktree } from "./resolve-in-worktree";
import { ToolError, type ToolDefinition } from "./types";
import { entryPath } from "./worktree-dir";

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
    const chown = writesChangeOwner();
    const file = await resolveInWorktree(worktree, args.path, { followLast: true, createDirs: { chown } });
    try {
      if (file.kind !== "file" && file.kind !== "missing") throw new ToolError(`${file.relative} exists and is not a regular file`);
      // A replaced file keeps its mode and owner (an executable script stays executable);
      // a new one belongs to the worktree's owner.
      const existing = file.kind === "file" ? await lstat(entryPath(file.parent, file.name)).catch(() => null) : null;
      const kept = existing?.isFile() ? existing : null;
      await atomicWrite(file.parent, file.name, args.content, {
        mode: kept ? kept.mode : 0o644,
        exactMode: kept !== null,
        owner: !chown ? null : kept ? { uid: kept.uid, gid: kept.gid } : await file.rootOwner(),
      });
      return { output: `${file.kind === "file" ? "Replaced" : "Created"} ${file.relative} (${size} bytes).` };
    } finally {
      await file.close();
    }
  },
};
