/**
 * Size limits of the file and search tools. A tool result lands in the model's
 * context window, so every output is bounded, and so is what a tool may write.
 */

/** read_file / edit_file refuse larger files (grep still searches them). */
export const MAX_READ_FILE_BYTES = 4 * 1024 * 1024;
/** read_file returns at most this many lines per call; the rest via offset. */
export const DEFAULT_READ_LINES = 2000;
export const MAX_READ_LINES = 5000;
/** a single very long line (minified code) is cut here */
export const MAX_LINE_CHARS = 2000;
/** read_file stops adding lines once its output reaches this size */
export const MAX_READ_OUTPUT_BYTES = 256 * 1024;

/** write_file content and edit_file's resulting file */
export const MAX_WRITE_BYTES = 1024 * 1024;

export const MAX_LIST_ENTRIES = 1000;
export const MAX_GLOB_RESULTS = 500;
/** glob stops walking after this many directory entries (a huge tree, a pattern that matches little) */
export const MAX_GLOB_VISITS = 200_000;
export const MAX_GREP_MATCHES = 200;
export const MAX_GREP_LINE_CHARS = 300;
/** R11: git_diff reads a diff up to this size (the review limit); past it, the files not read are named */
export const MAX_DIFF_BYTES = 4 * 1024 * 1024;

export const MAX_LOG_ENTRIES = 100;

export const MAX_PATH_CHARS = 1024;

/** run_command */
export const DEFAULT_COMMAND_TIMEOUT_MS = 120_000;
export const MAX_COMMAND_TIMEOUT_MS = 600_000;
export const MAX_COMMAND_OUTPUT_BYTES = 100 * 1024;

/** Same heuristic as git and grep: a NUL byte early on means binary. */
export function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 8000);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return true;
  return false;
}

export function cutLine(line: string, max: number): string {
  return line.length <= max ? line : `${line.slice(0, max)}… [line cut at ${max} characters]`;
}
