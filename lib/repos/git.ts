/**
 * Git for the app and for the agent's tools. Always an argv array (never a
 * shell), always bounded in time and output, and every untrusted revision is
 * validated and placed after `--end-of-options` so git cannot read it as an
 * option (`--output=/tmp/x`) and no shell ever sees it (`$(touch /tmp/pwned)`).
 */
import path from "node:path";
import { spawnCapped } from "../sandbox/spawn-capped";

export interface GitOptions {
  /** the top of a repository or worktree; git does not search above it */
  cwd: string;
  /** written to git's stdin (commit messages via `-F -`) */
  input?: string;
  timeoutMs?: number;
  maxOutputBytes?: number;
  /** exit codes that are answers, not failures (grep's 1 = "no match") */
  okExitCodes?: readonly number[];
  /** extra environment (e.g. GIT_AUTHOR_NAME); the parent's environment is never passed */
  env?: Record<string, string>;
  signal?: AbortSignal;
}

export interface GitResult {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** output beyond maxOutputBytes was dropped */
  truncated: boolean;
}

export class GitError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderr: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = "GitError";
  }
}

/** A ref or branch name that failed validation; its message is fit for the model. */
export class InvalidRefError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidRefError";
  }
}

export const GIT_TIMEOUT_MS = 30_000;
export const GIT_MAX_OUTPUT_BYTES = 4 * 1024 * 1024;

/**
 * Config that wins over anything in a repository's own config: no hooks, no
 * fsmonitor daemon, no signature programs, no pager. Those would run programs
 * on the host, outside the OS sandbox, chosen by repository content.
 */
const HARDENING = [
  "-c", "core.hooksPath=/dev/null",
  "-c", "core.fsmonitor=false",
  "-c", "core.pager=cat",
  "-c", "log.showSignature=false",
  "-c", "commit.gpgSign=false",
  "-c", "tag.gpgSign=false",
  "-c", "core.quotePath=false",
];

function gitEnv(cwd: string, extra: Record<string, string> | undefined): Record<string, string> {
  return {
    PATH: "/usr/local/bin:/usr/bin:/bin",
    // HOME only for the host's global git config (safe.directory and the like).
    HOME: process.env.HOME ?? "/root",
    LANG: "C",
    LC_ALL: "C",
    GIT_TERMINAL_PROMPT: "0",
    // Read-only commands must not refresh the index behind a read-only mode's back.
    GIT_OPTIONAL_LOCKS: "0",
    // A worktree whose .git went missing must not silently become the enclosing repository.
    GIT_CEILING_DIRECTORIES: path.dirname(path.resolve(cwd)),
    ...extra,
  };
}

export async function git(args: readonly string[], options: GitOptions): Promise<GitResult> {
  const result = await spawnCapped("git", [...HARDENING, ...args], {
    cwd: options.cwd,
    env: gitEnv(options.cwd, options.env),
    input: options.input,
    timeoutMs: options.timeoutMs ?? GIT_TIMEOUT_MS,
    maxOutputBytes: options.maxOutputBytes ?? GIT_MAX_OUTPUT_BYTES,
    signal: options.signal,
  });
  const ok = result.exitCode === 0 || (result.exitCode !== null && (options.okExitCodes ?? []).includes(result.exitCode));
  if (!ok) {
    const what = result.timedOut ? `timed out after ${options.timeoutMs ?? GIT_TIMEOUT_MS} ms` : `failed (exit ${result.exitCode ?? result.signal})`;
    const detail = result.stderr.trim().split("\n").slice(-5).join("\n");
    throw new GitError(`git ${args[0] ?? ""} ${what}${detail ? `: ${detail}` : ""}`, result.exitCode, result.stderr, result.timedOut);
  }
  return { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode ?? 0, truncated: result.truncated };
}

const MAX_REF_LENGTH = 200;
// A ref name (check-ref-format's character rules, made stricter: ASCII letters,
// digits, "._/-", never starting with "-", "." or "/") plus optional ~N / ^N steps.
const REVISION = /^[A-Za-z0-9_][A-Za-z0-9._/-]*(?:[~^][0-9]{0,4})*$/;
const BRANCH = /^[A-Za-z0-9_][A-Za-z0-9._/-]*$/;

function checkRefNameRules(name: string, what: string): void {
  const bad =
    name.includes("..") ||
    name.includes("//") ||
    name.includes("/.") ||
    name.endsWith("/") ||
    name.endsWith(".") ||
    name.endsWith(".lock") ||
    name.split("/").some((part) => part.endsWith(".lock"));
  if (bad) throw new InvalidRefError(`invalid ${what} "${name}": not a valid git ref name`);
}

/**
 * Validates a revision such as `main`, `origin/main`, `v1.2`, `HEAD~2` or a
 * commit id. Anything else (options, shell syntax, ranges, reflog syntax) is
 * refused. Returns the revision unchanged.
 */
export function validateRef(ref: string, what = "ref"): string {
  if (ref.length === 0 || ref.length > MAX_REF_LENGTH) throw new InvalidRefError(`invalid ${what}: must be 1–${MAX_REF_LENGTH} characters`);
  if (!REVISION.test(ref)) {
    throw new InvalidRefError(
      `invalid ${what} "${ref.slice(0, 80)}": use a branch, tag or commit id, optionally with ~N or ^N ` +
        `(letters, digits, ".", "_", "/", "-"; it cannot start with "-")`,
    );
  }
  checkRefNameRules(ref.replace(/[~^][0-9]*/g, ""), what);
  return ref;
}

/** Validates a new branch name (no revision suffixes). */
export function validateBranchName(name: string): string {
  if (name.length === 0 || name.length > MAX_REF_LENGTH || !BRANCH.test(name) || name === "HEAD") {
    throw new InvalidRefError(`invalid branch name "${name.slice(0, 80)}"`);
  }
  checkRefNameRules(name, "branch name");
  return name;
}

/** A path git must read literally (no pathspec magic, no globbing). */
export function literalPathspec(relativePath: string): string {
  return `:(literal)${relativePath}`;
}

/** The full commit id `ref` names in the repository at `cwd`. */
export async function revParse(cwd: string, ref: string, signal?: AbortSignal): Promise<string> {
  validateRef(ref);
  try {
    const { stdout } = await git(["rev-parse", "--verify", "--quiet", "--end-of-options", `${ref}^{commit}`], { cwd, signal });
    return stdout.trim();
  } catch (err) {
    if (err instanceof GitError && !err.timedOut) throw new InvalidRefError(`unknown revision "${ref}": no commit of that name`);
    throw err;
  }
}

export interface DiffOptions {
  cwd: string;
  /** default HEAD */
  base?: string;
  /** default: the working tree */
  head?: string;
  /** paths relative to cwd, read literally */
  paths?: readonly string[];
  maxOutputBytes?: number;
  signal?: AbortSignal;
}

export async function diff(options: DiffOptions): Promise<{ text: string; truncated: boolean }> {
  const base = validateRef(options.base ?? "HEAD", "base");
  const revs = options.head === undefined ? [base] : [base, validateRef(options.head, "head")];
  const args = [
    "diff", "--no-color", "--no-ext-diff", "--no-textconv",
    "--end-of-options", ...revs,
    "--", ...(options.paths ?? []).map(literalPathspec),
  ];
  const { stdout, truncated } = await git(args, { cwd: options.cwd, maxOutputBytes: options.maxOutputBytes, signal: options.signal });
  return { text: stdout, truncated };
}

export interface LogEntry {
  sha: string;
  author: string;
  date: string;
  subject: string;
}

const FIELD = "\x1f";
const RECORD = "\x1e";

export async function log(options: { cwd: string; ref?: string; limit?: number; signal?: AbortSignal }): Promise<LogEntry[]> {
  const ref = validateRef(options.ref ?? "HEAD");
  const limit = Math.max(1, Math.min(options.limit ?? 20, 500));
  const { stdout } = await git(
    ["log", "--no-color", `--max-count=${limit}`, `--format=%H${FIELD}%an <%ae>${FIELD}%aI${FIELD}%s${RECORD}`, "--end-of-options", ref, "--"],
    { cwd: options.cwd, signal: options.signal },
  );
  return stdout
    .split(RECORD)
    .map((record) => record.trim())
    .filter(Boolean)
    .map((record) => {
      const [sha = "", author = "", date = "", subject = ""] = record.split(FIELD);
      return { sha, author, date, subject };
    });
}

export interface CreateWorktreeOptions {
  repoPath: string;
  /** absolute path; must not exist yet */
  worktreePath: string;
  /** commit-ish to check out */
  ref: string;
  /** create this new branch at ref; otherwise the worktree is detached */
  branch?: string;
}

export async function createWorktree(options: CreateWorktreeOptions): Promise<{ path: string; head: string }> {
  if (!path.isAbsolute(options.worktreePath)) throw new Error(`worktree path must be absolute: ${options.worktreePath}`);
  const ref = validateRef(options.ref);
  const branchArgs = options.branch === undefined ? ["--detach"] : ["-b", validateBranchName(options.branch)];
  await git(["worktree", "add", ...branchArgs, "--", options.worktreePath, ref], { cwd: options.repoPath });
  const head = await revParse(options.worktreePath, "HEAD");
  return { path: options.worktreePath, head };
}

export async function removeWorktree(options: { repoPath: string; worktreePath: string; force?: boolean }): Promise<void> {
  if (!path.isAbsolute(options.worktreePath)) throw new Error(`worktree path must be absolute: ${options.worktreePath}`);
  await git(["worktree", "remove", ...(options.force ? ["--force"] : []), "--", options.worktreePath], { cwd: options.repoPath });
  await git(["worktree", "prune"], { cwd: options.repoPath });
}
