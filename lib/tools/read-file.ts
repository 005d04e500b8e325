/** read_file: a text file of the worktree, line-numbered, a window at a time. */
import { z } from "zod";
import { requireWorktree } from "./confine-path";
import { cutLine, DEFAULT_READ_LINES, MAX_LINE_CHARS, MAX_PATH_CHARS, MAX_READ_LINES, MAX_READ_OUTPUT_BYTES } from "./limits";
import { readText } from "./read-text";
import { resolveInWorktree } from "./resolve-in-worktree";
import type { ToolDefinition } from "./types";

const input = z.strictObject({
  path: z.string().min(1).max(MAX_PATH_CHARS),
  offset: z.number().int().min(1).max(10_000_000).optional(),
  limit: z.number().int().min(1).max(MAX_READ_LINES).optional(),
});

export type ReadFileInput = z.infer<typeof input>;

export const readFileTool: ToolDefinition<ReadFileInput> = {
  name: "read_file",
  tier: "read",
  effects: [],
  scope: "general",
  description:
    "Read a text file from the worktree. `path` is relative to the worktree root. Lines come back numbered " +
    `(\`  12\\tcode\`). By default the first ${DEFAULT_READ_LINES} lines; pass \`offset\` (1-based first line) and ` +
    `\`limit\` (up to ${MAX_READ_LINES} lines) to read further. Binary files and anything inside .git cannot be read.`,
  input,
  async execute(args, ctx) {
    const worktree = requireWorktree(ctx);
    const file = await resolveInWorktree(worktree, args.path, { followLast: true });
    let text: string;
    try {
      ({ text } = await readText(file));
    } finally {
      await file.close();
    }
    if (text === "") return { output: `${file.relative} is empty.` };

    const lines = text.split("\n");
    if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
    const first = args.offset ?? 1;
    if (first > lines.length) return { output: `${file.relative} has ${lines.length} lines; offset ${first} is past the end.` };
    const last = Math.min(lines.length, first - 1 + (args.limit ?? DEFAULT_READ_LINES));

    const width = String(last).length;
    const out: string[] = [];
    let bytes = 0;
    let shownUpTo = first - 1;
    for (let n = first; n <= last; n++) {
      const line = `${String(n).padStart(width)}\t${cutLine(lines[n - 1] ?? "", MAX_LINE_CHARS)}`;
      bytes += Buffer.byteLength(line) + 1;
      if (bytes > MAX_READ_OUTPUT_BYTES && out.length > 0) break;
      out.push(line);
      shownUpTo = n;
    }
    if (shownUpTo < lines.length) {
      out.push(`[showing lines ${first}–${shownUpTo} of ${lines.length}; continue with offset=${shownUpTo + 1}]`);
    }
    return { output: out.join("\n") };
  },
};
