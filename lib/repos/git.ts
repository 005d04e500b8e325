/**
 * Git on the host, for the app and for the agent's tools. Always an argv array
 * (never a shell), always bounded in time and output, and every untrusted
 * revision is validated and placed after `--end-of-options` so git cannot read
 * it as an option (`--output=/tmp/x`) and no shell ever sees it.
 *
 * H1: nothing a repository controls runs here. Git is told where its data is
 * (H2: `GIT_DIR`/`GIT_WORK_TREE` from Gatehouse's records, never discovered
 * through a worktree's `.git`), reads no system or global config, and the
 * command line switches off every program git could start on a config's
 * behalf: hooks, fsmonitor, pager, credential helpers, askpass, signing,
 * non-allowlisted transports. The repositories it runs in are Gatehouse's own
 * mirrors, whose config Gatehouse writes (lib/repos/mirror.ts), so a filter,
 * textconv or external diff has nothing to name it either.
 */
import path from "node:path";
import { spawnCapped } from "../sandbox/spawn-capped";

/** Where git's data is, as Gatehouse recorded it. */
export interface GitLocation {
  /** a bare mirror, or a worktree's git directory inside one (`<mirror>/worktrees/<name>`) */
  gitDir: string;
  /** the mirror a worktree's git directory belongs to; set so git never reads a `commondir` file to find it */
  commonDir?: string;
  /** the work tree, for commands that read or write files */
  workTree?: string;
}

/** Transports a fetch may use; every other one (file, ext, git, fd, …) stays refused. */
export type GitProtocol = "https" | "ssh" | "http" | "file";

export interface GitOptions extends GitLocation {
  /** written to git's stdin (commit messages via `-F -`) */
  input?: string;
  timeoutMs?: number;
  maxOutputBytes?: number;
  /** exit codes that are answers, not failures (grep's 1 = "no match") */
  okExitCodes?: readonly number[];
  /** extra environment (e.g. GIT_AUTHOR_NAME); the parent's environment is never passed */
  env?: Record<string, string>;
  /** transports this call may use (fetches only); none by default */
  protocols?: readonly GitProtocol[];
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
 * Config given on the command line, which wins over any file git reads
 * (H1). Each line closes a way for configuration to start a program on the
 * host or to reach a host the operator did not allow.
 */
const HARDENING = [
  "-c", "core.hooksPath=/dev/null",
  "-c", "core.fsmonitor=false",
  "-c", "core.untrackedCache=false",
  "-c", "core.pager=cat",
  "-c", "core.attributesFile=/dev/null",
  "-c", "core.askPass=",
  "-c", "credential.helper=",
  "-c", "log.showSignature=false",
  "-c", "commit.gpgSign=false",
  "-c", "tag.gpgSign=false",
  "-c", "core.quotePath=false",
  "-c", "gc.auto=0",
  "-c", "maintenance.auto=false",
  "-c", "submodule.recurse=false",
  "-c", "fetch.recurseSubmodules=false",
  "-c", "http.followRedirects=false",
  "-c", "protocol.allow=never",
];

/** The environment git gets: nothing of the parent's, no config file outside the repository it is pointed at. */
function gitEnv(location: GitLocation, extra: Record<string, string> | undefined): Record<string, string> {
  return {
    PATH: "/usr/local/bin:/usr/bin:/bin",
    // /dev/null is no directory: ~/.gitconfig, ~/.config/git/* and friends cannot exist.
    HOME: "/dev/null",
    XDG_CONFIG_HOME: "/dev/null",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_ATTR_NOSYSTEM: "1",
    LANG: "C",
    LC_ALL: "C",
    GIT_TERMINAL_PROMPT: "0",
    // Set but empty: git then asks no program for a password (not even SSH_ASKPASS).
    GIT_ASKPASS: "",
    SSH_ASKPASS: "",
    // Wins over core.sshCommand; ssh never prompts.
    GIT_SSH_COMMAND: "ssh -o BatchMode=yes",
    GIT_SSH_VARIANT: "ssh",
    GIT_PAGER: "cat",
    GIT_EDITOR: ":",
    GIT_NO_REPLACE_OBJECTS: "1",
    GIT_PROTOCOL_FROM_USER: "0",
    // Read-only commands must not refresh the index behind a read-only mode's back.
    GIT_OPTIONAL_LOCKS: "0",
    // H2: git's data comes from Gatehouse's records, never from a `.git` file or directory it finds.
    GIT_DIR: location.gitDir,
    ...(location.commonDir ? { GIT_COMMON_DIR: location.commonDir } : {}),
    ...(location.workTree ? { GIT_WORK_TREE: location.workTree } : {}),
    GIT_CEILING_DIRECTORIES: path.dirname(path.resolve(location.workTree ?? location.gitDir)),
    ...extra,
  };
}

function protocolConfig(protocols: readonly GitProtocol[] | undefined): string[] {
  return (protocols ?? []).flatMap((protocol) => ["-c", `protocol.${protocol}.allow=always`]);
}

export async function git(args: readonly string[], options: GitOptions): Promise<GitResult> {
  if (!path.isAbsolute(options.gitDir)) throw new Error(`git directory must be absolute: ${options.gitDir}`);
  // A worktree handed to the sandbox user belongs to another uid; git may use it because Gatehouse made it.
  const safe = options.workTree ? ["-c", `safe.directory=${options.workTree}`] : [];
  const result = await spawnCapped("git", [...HARDENING, ...protocolConfig(options.protocols), ...safe, ...args], {
    // Never inside an unknown tree: the work tree, or beside the git directory (which `git init` has yet to make).
    cwd: options.workTree ?? path.dirname(options.gitDir),
    env: gitEnv(options, options.env),
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

/** The full commit id `ref` names in the repository at `where`. */
export async function revParse(where: GitLocation, ref: string, signal?: AbortSignal): Promise<string> {
  validateRef(ref);
  try {
    const { stdout } = await git(["rev-parse", "--verify", "--quiet", "--end-of-options", `${ref}^{commit}`], { ...where, signal });
    return stdout.trim();
  } catch (err) {
    if (err instanceof GitError && !err.timedOut) throw new InvalidRefError(`unknown revision "${ref}": no commit of that name`);
    throw err;
  }
}

export interface DiffOptions extends GitLocation {
  /** default HEAD */
  base?: string;
  /** default: the working tree */
  head?: string;
  /** paths relative to the work tree, read literally */
  paths?: readonly string[];
  maxOutputBytes?: number;
  signal?: AbortSignal;
}

export async function diff(options: DiffOptions): Promise<{ text: string; truncated: boolean }> {
  const base = validateRef(options.base ?? "HEAD", "base");
  const revs = options.head === undefined ? [base] : [base, validateRef(options.head, "head")];
  // Against the work tree, a nested repository there (which an agent can create) is never
  // looked into: git would read its refs and run `git status` inside it under its own config.
  const submodules = options.head === undefined ? ["--ignore-submodules=all"] : [];
  const args = [
    "diff", "--no-color", "--no-ext-diff", "--no-textconv", ...submodules,
    "--end-of-options", ...revs,
    "--", ...(options.paths ?? []).map(literalPathspec),
  ];
  const { stdout, truncated } = await git(args, { ...location(options), maxOutputBytes: options.maxOutputBytes, signal: options.signal });
  return { text: stdout, truncated };
}

/** R11: the paths two commits' diff touches (renames as the new path), to name what a cut diff left unread. */
export async function diffNames(options: GitLocation & { base: string; head: string; signal?: AbortSignal }): Promise<string[]> {
  const args = ["diff", "--no-color", "--no-ext-diff", "--name-only", "--end-of-options", validateRef(options.base, "base"), validateRef(options.head, "head"), "--"];
  const { stdout } = await git(args, { ...location(options), maxOutputBytes: 4 * 1024 * 1024, signal: options.signal });
  return stdout.split("\n").filter((line) => line !== "");
}

export interface LogEntry {
  sha: string;
  author: string;
  date: string;
  subject: string;
}

const FIELD = "\x1f";
const RECORD = "\x1e";

export async function log(options: GitLocation & { ref?: string; limit?: number; signal?: AbortSignal }): Promise<LogEntry[]> {
  const ref = validateRef(options.ref ?? "HEAD");
  const limit = Math.max(1, Math.min(options.limit ?? 20, 500));
  const { stdout } = await git(
    ["log", "--no-color", `--max-count=${limit}`, `--format=%H${FIELD}%an <%ae>${FIELD}%aI${FIELD}%s${RECORD}`, "--end-of-options", ref, "--"],
    { ...location(options), signal: options.signal },
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

function location(options: GitLocation): GitLocation {
  return { gitDir: options.gitDir, commonDir: options.commonDir, workTree: options.workTree };
}
