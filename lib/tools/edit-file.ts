/** edit_file: replace an exact piece of text in one worktree file. */
import { z } from "zod";
import { atomicWrite, writesChangeOwner } from "./atomic-write";
import { requireWritableWorktree } from "./confine-path";
import { MAX_PATH_CHARS, MAX_WRITE_BYTES } from "./limits";
import { readText } from "./read-text";
import { resolveInWorktree } from "./resolve-in-worktree";
import { ToolError, type ToolDefinition } from "./types";

const input = z.strictObject({
  path: z.string().min(1).max(MAX_PATH_CHARS),
  oldText: z.string().min(1).max(MAX_WRITE_BYTES),
  newText: z.string().max(MAX_WRITE_BYTES),
  replaceAll: z.boolean().optional(),
});

export type EditFileInput = z.infer<typeof input>;

/** Non-overlapping occurrences, the same ones split/join replaces. */
function countOccurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

export const editFileTool: ToolDefinition<EditFileInput> = {
  name: "edit_file",
  tier: "write",
  effects: ["write_worktree"],
  scope: "general",
  description:
    "Edit one file in the worktree by replacing an exact piece of text. `oldText` must match the file exactly, " +
    "whitespace and indentation included, and exactly once; include a few surrounding lines to make it unique. " +
    "Set `replaceAll` to replace every occurrence instead. `newText` replaces it (may be empty to delete the text). " +
    "Read the file first so `oldText` is copied, not guessed.",
  input,
  async execute(args, ctx) {
    const worktree = requireWritableWorktree(ctx);
    const file = await resolveInWorktree(worktree, args.path, { followLast: true });
    try {
      const { text, info } = await readText(file);
      if (args.oldText === args.newText) throw new ToolError("oldText and newText are the same; nothing would change");

      const count = countOccurrences(text, args.oldText);
      if (count === 0) {
        throw new ToolError(`oldText was not found in ${file.relative}. Read the file again and copy the text exactly, including whitespace.`);
      }
      if (count > 1 && !args.replaceAll) {
        throw new ToolError(
          `oldText matches ${count} times in ${file.relative}; it must match exactly once. ` +
            "Include more surrounding lines to make it unique, or set replaceAll to replace every occurrence.",
        );
      }
      // split/join, not String.replace: "$&" and friends in newText must stay literal.
      const updated = text.split(args.oldText).join(args.newText);
      const size = Buffer.byteLength(updated, "utf8");
      if (size > MAX_WRITE_BYTES) throw new ToolError(`the edited file would be ${size} bytes, over the ${MAX_WRITE_BYTES}-byte limit`);
      // Into the directory the file was read from, keeping the owner and mode of the file that was read.
      await atomicWrite(file.parent, file.name, updated, {
        mode: info.mode,
        exactMode: true,
        owner: writesChangeOwner() ? { uid: info.uid, gid: info.gid } : null,
      });
      return { output: `Edited ${file.relative}: replaced ${count} occurrence${count === 1 ? "" : "s"}.` };
    } finally {
      await file.close();
    }
  },
};
