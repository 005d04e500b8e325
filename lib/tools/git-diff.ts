/**
 * git_diff: what changed, between two commits or between a commit and the working tree.
 *
 * R11: a diff is read whole, in bounded pieces. One answer carries at most
 * DIFF_PIECE_CHARS characters (a tool result is cut beyond that), starting at
 * `offset`; pieces are fixed-size slices, so a reader may ask for several at
 * once and concatenate them. A diff larger than the review limit is read up to
 * the limit, and the last piece names the files that were not read (or only in
 * part), so a review can state its coverage instead of silently missing them.
 */
import { z } from "zod";
import { diffNames } from "../repos/git";
import { commitDiff } from "../repos/commit-diff-cache";
import { diffWorktree } from "../repos/read-worktree-git";
import { confinePath } from "./confine-path";
import { gitWorktree } from "./git-worktree";
import { cutTrailer, DIFF_PIECE_CHARS, pieceTrailer } from "../diff/diff-pieces";
import { MAX_DIFF_BYTES, MAX_PATH_CHARS } from "./limits";
import { translateErrors } from "./tool-errors";
import type { ToolDefinition } from "./types";

const ref = z.string().min(1).max(200);

const input = z.strictObject({
  base: ref.optional(),
  head: ref.optional(),
  path: z.string().max(MAX_PATH_CHARS).optional(),
  offset: z.number().int().min(0).optional(),
});

export type GitDiffInput = z.infer<typeof input>;


export const gitDiffTool: ToolDefinition<GitDiffInput> = {
  name: "git_diff",
  tier: "read",
  effects: [],
  scope: "general",
  description:
    "Show a unified diff of the worktree's git repository. Without arguments: uncommitted changes to tracked files " +
    "(working tree against HEAD). `base` alone: working tree against that commit. `base` and `head`: between two " +
    "commits. Revisions are branch or tag names, commit ids, or those with ~N / ^N (e.g. HEAD~3). `path` limits the " +
    `diff to one file or directory. Untracked files are not shown. A long diff comes in pieces of ${DIFF_PIECE_CHARS} ` +
    "characters: the answer ends with the offset to continue from (pieces are fixed-size slices; several may be " +
    `requested at once). Diffs past ${MAX_DIFF_BYTES} bytes are cut and the files not read are named.`,
  input,
  async execute(args, ctx) {
    const { worktree, location, onRecord } = await gitWorktree(ctx);
    const where = args.path === undefined ? null : await confinePath(worktree, args.path, { allowRoot: true });
    const paths = where && where.relative !== "" ? [where.relative] : [];
    // H6: between two commits from objects on the host; against the working tree in the sandbox.
    // R11: between two commit ids every piece is served from one git run (lib/repos/commit-diff-cache.ts).
    const { text: raw, truncated } = await translateErrors(() =>
      args.head === undefined
        ? diffWorktree(onRecord, { base: args.base, paths, maxOutputBytes: MAX_DIFF_BYTES })
        : commitDiff({ ...location, base: args.base ?? "HEAD", head: args.head, paths, maxOutputBytes: MAX_DIFF_BYTES, signal: ctx.signal }),
    );
    if (raw.trim() === "") return { output: "No differences." };
    // A cut diff ends mid-line; whole lines only, so the last piece parses.
    const text = truncated ? raw.slice(0, raw.lastIndexOf("\n") + 1) : raw;
    const offset = args.offset ?? 0;
    if (offset >= text.length && offset > 0) return { output: `No more diff: it has ${text.length} characters.` };
    const end = Math.min(text.length, offset + DIFF_PIECE_CHARS);
    const piece = text.slice(offset, end);
    if (end < text.length) return { output: `${piece}${pieceTrailer(offset, end, text.length)}` };
    if (!truncated) return { output: piece };
    const unread = await unreadFiles(text, args.base, args.head, paths, location, ctx.signal);
    return { output: `${piece}${cutTrailer(MAX_DIFF_BYTES, unread)}` };
  },
};

/** Files whose diff is missing from the text read, and the last one read (cut inside it). */
async function unreadFiles(text: string, base: string | undefined, head: string | undefined, paths: string[], location: Omit<Parameters<typeof diffNames>[0], "base" | "head" | "signal">, signal?: AbortSignal): Promise<string[]> {
  const headers = [...text.matchAll(/^diff --git a\/.* b\/(.*)$/gm)].map((m) => m[1]!);
  const partial = headers.at(-1);
  if (!base || !head) return partial ? [`${partial} (in part)`] : [];
  const seen = new Set(headers);
  const all = (await diffNames({ ...location, base, head, signal }).catch(() => [] as string[])).filter((p) => paths.length === 0 || paths.some((w) => p === w || p.startsWith(`${w}/`)));
  return [...(partial ? [`${partial} (in part)`] : []), ...all.filter((p) => !seen.has(p))];
}
