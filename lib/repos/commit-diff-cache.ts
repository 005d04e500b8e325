import "server-only";
/**
 * R11: one `git diff` per base and head. A long diff is read in fixed-size
 * pieces, each its own git_diff call; without this every piece ran git over
 * the whole diff again (76 pieces of a 3.6 MB diff: ~277 MB of git output),
 * so a review's cost grew with the square of its size. Between two full
 * commit ids the diff can never change (objects are immutable), so the text
 * is kept per process and every piece is served from it; concurrent pieces
 * share the one git run that is under way.
 *
 * Anything else (branch names, `HEAD~3`) can move and is never cached. The
 * key names the git directory the caller was given (H3: a workspace reaches
 * only its own records, so one workspace's call never answers another's).
 * The cache is bounded in characters and in age; the oldest entries go first.
 */
import { diff, type DiffOptions } from "./git";

type DiffText = { text: string; truncated: boolean };

interface Entry {
  diff: Promise<DiffText>;
  chars: number;
  at: number;
}

/** ~64 MB of UTF-16: a few of the largest reviewable diffs (MAX_DIFF_BYTES) at once. */
const MAX_CHARS = 32 * 1024 * 1024;
/** A review reads its pieces within a few minutes; later readers pay one git run again. */
const MAX_AGE_MS = 10 * 60_000;
const COMMIT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

const entries = new Map<string, Entry>();
let cachedChars = 0;

/** The diff between two commits; between two full commit ids, from the process's cache when it holds it. */
export function commitDiff(options: DiffOptions): Promise<DiffText> {
  if (!COMMIT_ID.test(options.base) || !COMMIT_ID.test(options.head)) return diff(options);
  const key = [options.commonDir ?? "", options.gitDir, options.base, options.head, options.maxOutputBytes ?? "", ...(options.paths ?? [])].join("\0");
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && now - hit.at <= MAX_AGE_MS) {
    // Most recently used last, so eviction takes the least recently used.
    entries.delete(key);
    entries.set(key, hit);
    return hit.diff;
  }
  if (hit) forget(key, hit);
  // The shared run is not tied to the first caller's signal: its abort must not fail the others' pieces.
  const entry: Entry = { diff: diff({ ...options, signal: undefined }), chars: 0, at: now };
  entries.set(key, entry);
  entry.diff.then(
    (result) => {
      if (entries.get(key) !== entry) return;
      entry.chars = result.text.length;
      cachedChars += entry.chars;
      evict();
    },
    () => {
      if (entries.get(key) === entry) entries.delete(key);
    },
  );
  return options.signal ? abortable(entry.diff, options.signal) : entry.diff;
}

function forget(key: string, entry: Entry): void {
  entries.delete(key);
  cachedChars -= entry.chars;
}

function evict(): void {
  const now = Date.now();
  for (const [key, entry] of entries) {
    if (cachedChars <= MAX_CHARS && now - entry.at <= MAX_AGE_MS) break;
    forget(key, entry);
  }
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
