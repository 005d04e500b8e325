import "server-only";
/**
 * H6: the one way host-side git runs. Always an argv array (never a shell),
 * always bounded in time and output; untrusted revisions are validated
 * (lib/repos/git-refs.ts) and placed after `--end-of-options`.
 *
 * Host git only ever works with objects and refs in git directories
 * Gatehouse owns — its mirrors and the worktrees' git directories inside
 * them — with plumbing. It is never given a work tree (there is no option for
 * one, and GIT_WORK_TREE is never set): every command runs from inside the
 * git directory itself, so the most git could take for a work tree is that
 * directory, and `assertHostGitPath` refuses a git directory, common
 * directory, index or working directory that lies in a worktree or anywhere
 * an agent could write (H2: the paths come from Gatehouse's records, never
 * from a `.git` file).
 * Whatever must read or write a worktree's files — staging, status, a diff
 * of uncommitted work, moving files to another commit — runs inside the OS
 * sandbox instead (lib/repos/worktree-in-sandbox.ts), and the host takes back
 * only objects it checks (lib/repos/commit-worktree.ts).
 *
 * H1: nothing a repository controls runs here. Git reads no system or global
 * config, and the command line switches off every program git could start on
 * a config's behalf: hooks, fsmonitor, pager, credential helpers, askpass,
 * signing, submodule recursion, non-allowlisted transports. The mirrors'
 * config is Gatehouse's (lib/repos/mirror.ts) and their `info/attributes`
 * unsets every filter, diff and merge driver.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { spawnCapped } from "../sandbox/spawn-capped";
import { literalPathspec, validateRef, InvalidRefError } from "./git-refs";
import { assertHostGitPath } from "./host-git-paths";

/** Where git's data is, as Gatehouse recorded it. There is deliberately no work tree (H6). */
export interface GitLocation {
  /** a bare mirror, or a worktree's git directory inside one (`<mirror>/worktrees/<name>`) */
  gitDir: string;
  /** the mirror a worktree's git directory belongs to; set so git never reads a `commondir` file to find it */
  commonDir?: string;
}

/** Transports a fetch may use; every other one (file, ext, git, fd, …) stays refused. */
export type GitProtocol = "https" | "ssh" | "http" | "file";

/** Variables a caller may add to git's environment: identities and a private index, nothing that moves git elsewhere. */
const ALLOWED_ENV = /^(GIT_AUTHOR_(NAME|EMAIL|DATE)|GIT_COMMITTER_(NAME|EMAIL|DATE)|GIT_INDEX_FILE)$/;

export interface GitOptions extends GitLocation {
  /** written to git's stdin (commit messages via `-F -`) */
  input?: string;
  /** an open file git reads as its stdin instead (a pack a sandboxed step wrote, read as data) */
  inputFd?: number;
  timeoutMs?: number;
  maxOutputBytes?: number;
  /** exit codes that are answers, not failures (grep's 1 = "no match") */
  okExitCodes?: readonly number[];
  /** identities and a private GIT_INDEX_FILE (inside a Gatehouse git directory); the parent's environment is never passed */
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
  "-c", "push.recurseSubmodules=no",
  // A bare mirror has no submodule checkouts to look into; "dirty" keeps it that way while a pull
  // request's change of a submodule's commit still shows in its diff (hiding it would hide it from review).
  "-c", "diff.ignoreSubmodules=dirty",
  "-c", "diff.submodule=short",
  "-c", "status.submoduleSummary=false",
  "-c", "core.splitIndex=false",
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
    GIT_OPTIONAL_LOCKS: "0",
    // H2: git's data comes from Gatehouse's records, never from a `.git` file or directory it finds.
    GIT_DIR: location.gitDir,
    ...(location.commonDir ? { GIT_COMMON_DIR: location.commonDir } : {}),
    // H6: a worktree's index is written by the sandbox for the sandbox; host git never reads it (a read fails loudly).
    ...(location.commonDir ? { GIT_INDEX_FILE: "/dev/null" } : {}),
    GIT_CEILING_DIRECTORIES: path.dirname(path.resolve(location.gitDir)),
    ...extra,
  };
}

/** The command comes first: no global option (`-C`, `--git-dir`, `--work-tree`, `-c`) can move git or reconfigure it. */
const COMMAND = /^[a-z][a-z0-9-]*$/;

/** H6: every path git will use is one Gatehouse owns and no agent could have written. */
async function checkPlaces(args: readonly string[], options: GitOptions): Promise<string> {
  if (!COMMAND.test(args[0] ?? "")) throw new Error(`git's first argument must be its command, not ${JSON.stringify((args[0] ?? "").slice(0, 40))} (H6: where git runs is GitLocation's alone)`);
  if (!path.isAbsolute(options.gitDir)) throw new Error(`git directory must be absolute: ${options.gitDir}`);
  for (const name of Object.keys(options.env ?? {})) {
    if (!ALLOWED_ENV.test(name)) throw new Error(`git's environment may not set ${name} (H6: git is told where it works only through GitLocation)`);
  }
  await assertHostGitPath(options.gitDir, "the git directory");
  if (options.commonDir) await assertHostGitPath(options.commonDir, "the common git directory");
  const index = options.env?.GIT_INDEX_FILE;
  if (index !== undefined) await assertHostGitPath(index, "the index file");
  // From inside the git directory (or beside it, for `git init`): never from an unknown tree.
  const cwd = existsSync(options.gitDir) ? options.gitDir : path.dirname(options.gitDir);
  await assertHostGitPath(cwd, "git's working directory");
  return cwd;
}

function protocolConfig(protocols: readonly GitProtocol[] | undefined): string[] {
  return (protocols ?? []).flatMap((protocol) => ["-c", `protocol.${protocol}.allow=always`]);
}

export async function git(args: readonly string[], options: GitOptions): Promise<GitResult> {
  const cwd = await checkPlaces(args, options);
  const result = await spawnCapped("git", [...HARDENING, ...protocolConfig(options.protocols), ...args], {
    cwd,
    env: gitEnv(options, options.env),
    input: options.input,
    inputFd: options.inputFd,
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
  base: string;
  /** a commit too: a diff against a work tree is read in the sandbox (lib/repos/worktree-in-sandbox.ts) */
  head: string;
  /** repository-relative paths, read literally */
  paths?: readonly string[];
  maxOutputBytes?: number;
  signal?: AbortSignal;
}

/** The diff between two commits, from objects alone. */
export async function diff(options: DiffOptions): Promise<{ text: string; truncated: boolean }> {
  const revs = [validateRef(options.base, "base"), validateRef(options.head, "head")];
  const args = [
    "diff", "--no-color", "--no-ext-diff", "--no-textconv", "--submodule=short",
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
  return { gitDir: options.gitDir, commonDir: options.commonDir };
}
