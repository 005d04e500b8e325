/**
 * R11: how a long diff travels in pieces (git_diff writes them, readers such
 * as the built-in reviewer put them back together). Pieces are fixed-size
 * slices of the diff text, so piece k starts at k × DIFF_PIECE_CHARS and a
 * reader can ask for several at once. A piece that is not the last ends with
 * PIECE_TRAILER; a diff cut at the review limit ends with CUT_TRAILER naming
 * the files that were not read.
 */

/** Characters in one piece: below the harness's cut of a tool result (60,000). */
export const DIFF_PIECE_CHARS = 48_000;

export const PIECE_TRAILER = /\n\[diff piece: characters (\d+)-(\d+) of (\d+); continue with offset=(\d+)\]$/;
export const CUT_TRAILER = /\n\[diff cut at (\d+) bytes \(the review limit\); not read: (.*)\]$/;

export function pieceTrailer(offset: number, end: number, total: number): string {
  return `\n[diff piece: characters ${offset}-${end} of ${total}; continue with offset=${end}]`;
}

export function cutTrailer(limitBytes: number, unread: readonly string[]): string {
  return `\n[diff cut at ${limitBytes} bytes (the review limit); not read: ${unread.join(", ") || "the rest of the last file"}]`;
}
