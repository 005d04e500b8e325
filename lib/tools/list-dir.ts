/** list_dir: the entries of one worktree directory (not recursive). */
import { lstat, readdir } from "node:fs/promises";
import { z } from "zod";
import { requireWorktree } from "./confine-path";
import { MAX_LIST_ENTRIES, MAX_PATH_CHARS } from "./limits";
import { resolveInWorktree } from "./resolve-in-worktree";
import { ToolError, type ToolDefinition } from "./types";
import { dirPath, entryPath } from "./worktree-dir";

const input = z.strictObject({
  path: z.string().max(MAX_PATH_CHARS).optional(),
});

export type ListDirInput = z.infer<typeof input>;

export const listDirTool: ToolDefinition<ListDirInput> = {
  name: "list_dir",
  tier: "read",
  effects: [],
  scope: "general",
  description:
    "List the entries of one directory in the worktree (not recursive). `path` is relative to the worktree root; " +
    "omit it for the root. Directories end in `/`, symbolic links are marked `@`, files show their size in bytes. " +
    `At most ${MAX_LIST_ENTRIES} entries; .git is not listed. To find files by name pattern, search by pattern rather than listing.`,
  input,
  async execute(args, ctx) {
    const worktree = requireWorktree(ctx);
    // The directory is opened by the walk (H2); its entries are read from that handle, whatever its name points to now.
    const dir = await resolveInWorktree(worktree, args.path ?? "", { allowRoot: true, followLast: true, directory: true });
    try {
      const shown = dir.relative === "" ? "the worktree root" : dir.relative;
      if (dir.kind === "missing") throw new ToolError(`directory not found: ${dir.relative}`);
      if (dir.kind !== "directory") throw new ToolError(`${dir.relative} is a file, not a directory; use read_file`);

      const entries = (await readdir(dirPath(dir.parent), { withFileTypes: true }))
        .filter((entry) => entry.name.toLowerCase() !== ".git")
        .sort((a, b) => a.name.localeCompare(b.name));
      if (entries.length === 0) return { output: `${shown} is empty.` };

      const lines: string[] = [];
      for (const entry of entries.slice(0, MAX_LIST_ENTRIES)) {
        if (entry.isDirectory()) lines.push(`${entry.name}/`);
        else if (entry.isSymbolicLink()) lines.push(`${entry.name}@`);
        else {
          const size = await lstat(entryPath(dir.parent, entry.name)).then((s) => s.size, () => null);
          lines.push(size === null ? entry.name : `${entry.name} (${size} bytes)`);
        }
      }
      if (entries.length > MAX_LIST_ENTRIES) lines.push(`[${entries.length - MAX_LIST_ENTRIES} more entries not shown]`);
      return { output: lines.join("\n") };
    } finally {
      await dir.close();
    }
  },
};
