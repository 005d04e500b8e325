/**
 * H3: a registered repository is only a remote. Gatehouse keeps a bare mirror
 * of it in storage it owns and makes every worktree from that mirror, so no
 * git command on the host ever runs in a repository whose config, hooks or
 * attributes someone else wrote.
 *
 * The mirror's config and `info/attributes` are written here and nowhere else.
 * `info/attributes` outranks every `.gitattributes` a repository carries and
 * unsets `filter`, `diff` and `merge` for all paths: even if a filter or textconv
 * driver were somehow configured, no path would name it (H1).
 *
 * Refs: the source's branches and tags are mirrored as `refs/heads/*` and
 * `refs/tags/*`; room branches (`refs/heads/gatehouse/*`) are Gatehouse's own
 * and never touched by a fetch, and pull-request heads from a forge live in
 * `refs/gatehouse/pull/*`. Commits Gatehouse lands on a source branch
 * (lib/repos/landed-refs.ts) are kept while the source is behind them.
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { git, GitError } from "./git";
import { validateBranchName, InvalidRefError } from "./git-refs";
import { MIRROR_ATTRIBUTES } from "./land-commit";
import { decideLanded, landedRef, readLanded } from "./landed-refs";
import type { ParsedRemote } from "./remote-url";

const MIRROR_CONFIG = `[core]
\trepositoryformatversion = 0
\tfilemode = true
\tbare = true
\tlogAllRefUpdates = false
\tfsmonitor = false
\thooksPath = /dev/null
[gc]
\tauto = 0
`;


export const ROOM_BRANCH_PREFIX = "gatehouse/";
const FETCH_TIMEOUT_MS = 120_000;
const MAX_SOURCE_REFS = 20_000;

/** One sync per mirror at a time in this process (git's ref locks guard across processes). */
const busy = new Map<string, Promise<unknown>>();

export function serialized<T>(mirror: string, work: () => Promise<T>): Promise<T> {
  const previous = busy.get(mirror) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(work);
  busy.set(mirror, next);
  // The caller handles `next`'s failure; this bookkeeping copy of it must not surface as an unhandled rejection.
  next
    .finally(() => {
      if (busy.get(mirror) === next) busy.delete(mirror);
    })
    .catch(() => undefined);
  return next;
}

/** Creates the bare mirror at `mirror` with Gatehouse's config, unless it exists. */
export async function ensureMirror(mirror: string): Promise<void> {
  if (existsSync(path.join(mirror, "HEAD"))) return;
  const parent = path.dirname(mirror);
  await mkdir(parent, { recursive: true });
  const building = path.join(parent, `.new-${randomUUID()}.git`);
  try {
    await git(["init", "--quiet", "--bare", "--template="], { gitDir: building });
    await writeFile(path.join(building, "config"), MIRROR_CONFIG);
    await mkdir(path.join(building, "info"), { recursive: true });
    await writeFile(path.join(building, "info", "attributes"), MIRROR_ATTRIBUTES);
    await rename(building, mirror).catch(async (error: NodeJS.ErrnoException) => {
      // Another process made it first: theirs is as good as ours.
      if (!existsSync(path.join(mirror, "HEAD"))) throw error;
    });
  } finally {
    await rm(building, { recursive: true, force: true });
  }
}

export interface SourceRef {
  sha: string;
  /** refs/heads/… or refs/tags/… */
  ref: string;
}

const SHA = /^[0-9a-f]{40}$/;

/**
 * Reads a source's `for-each-ref` listing (`<sha> <ref>` lines) as data: only
 * well-formed branch and tag names pass, and a source branch under
 * `gatehouse/` is ignored rather than allowed to move a room's branch.
 */
export function parseSourceRefs(text: string): SourceRef[] {
  const refs: SourceRef[] = [];
  for (const line of text.split("\n")) {
    const match = /^([0-9a-f]{40}) (refs\/(heads|tags)\/(\S+))$/.exec(line.trim());
    if (!match) continue;
    const [, sha, ref, kind, name] = match as unknown as [string, string, string, string, string];
    if (kind === "heads" && name.startsWith(ROOM_BRANCH_PREFIX)) continue;
    try {
      validateBranchName(name);
    } catch (error) {
      if (error instanceof InvalidRefError) continue;
      throw error;
    }
    refs.push({ sha, ref });
    if (refs.length >= MAX_SOURCE_REFS) break;
  }
  return refs;
}

/** The commit ids the mirror's source refs point at now: "haves" that keep a re-fetch small. */
export async function mirrorTips(mirror: string): Promise<string[]> {
  const { stdout } = await git(["for-each-ref", "--format=%(objectname)", "refs/heads", "refs/tags"], { gitDir: mirror });
  return [...new Set(stdout.split("\n").filter((line) => SHA.test(line)))];
}

/**
 * Brings a source's exported state into the mirror: the bundle's objects
 * (verified against the mirror by git), then every branch and tag set to the
 * listed commit and the ones the source no longer has removed, in one
 * transaction. Room branches stay as they are.
 */
export async function applyExport(mirror: string, exported: { refs: SourceRef[]; bundle: string | null }): Promise<void> {
  if (exported.bundle) await git(["bundle", "unbundle", exported.bundle], { gitDir: mirror, timeoutMs: FETCH_TIMEOUT_MS });
  const { stdout } = await git(["for-each-ref", "--format=%(objectname) %(refname)", "refs/heads", "refs/tags"], { gitDir: mirror });
  const current = new Map(stdout.split("\n").filter(Boolean).map((line) => [line.slice(41), line.slice(0, 40)] as const));
  const wanted = new Map(exported.refs.map((r) => [r.ref, r.sha]));
  const lines: string[] = [];
  // Commits Gatehouse landed on a branch (merges, applied suggestions) survive a source that is behind them.
  for (const [branch, landed] of await readLanded(mirror)) {
    const ref = `refs/heads/${branch}`;
    const decision = await decideLanded(mirror, landed, wanted.get(ref) ?? null);
    if (decision.keep) wanted.set(ref, decision.keep);
    if (decision.dropMarker) lines.push(`delete ${landedRef(branch)} ${landed}`);
  }
  for (const [ref, sha] of wanted) if (current.get(ref) !== sha) lines.push(`update ${ref} ${sha}`);
  for (const ref of current.keys()) {
    if (wanted.has(ref) || ref.startsWith(`refs/heads/${ROOM_BRANCH_PREFIX}`)) continue;
    lines.push(`delete ${ref}`);
  }
  if (lines.length === 0) return;
  try {
    await git(["update-ref", "--stdin"], { gitDir: mirror, input: `${lines.join("\n")}\n` });
  } catch (error) {
    if (error instanceof GitError && /nonexistent object|bad object|not a valid/.test(error.stderr)) {
      throw new Error("the repository's refs name commits it could not supply; is it a shallow or partial clone?");
    }
    throw error;
  }
}

/**
 * Fetches a folder on the server with git's local transport, which runs
 * `upload-pack` in that folder on the host. Only for the demo's sample
 * repository on a host without the OS sandbox: Gatehouse wrote it, it lives in
 * Gatehouse's data folder, and without a sandbox nothing else could read it.
 */
export async function fetchTrustedFolder(mirror: string, dir: string): Promise<void> {
  await git(
    [
      "fetch", "--quiet", "--prune", "--no-tags", "--no-write-fetch-head", "--no-recurse-submodules",
      "--end-of-options", dir,
      "+refs/heads/*:refs/heads/*", `^refs/heads/${ROOM_BRANCH_PREFIX}*`, "+refs/tags/*:refs/tags/*",
    ],
    { gitDir: mirror, protocols: ["file"], timeoutMs: FETCH_TIMEOUT_MS },
  );
}

/** The transport a parsed remote needs, and nothing else. */
export function protocolsFor(remote: ParsedRemote): ("https" | "http" | "ssh")[] {
  return [remote.protocol];
}

/**
 * Fetches a remote's branches and tags into the mirror (H3: remotes are
 * fetched only into Gatehouse's own storage). Branches the remote deleted are
 * pruned, room branches never.
 */
export async function fetchRemote(mirror: string, url: string, remote: ParsedRemote): Promise<void> {
  await git(
    [
      "fetch", "--quiet", "--prune", "--no-tags", "--no-write-fetch-head", "--no-recurse-submodules",
      "--end-of-options", url,
      "+refs/heads/*:refs/heads/*", `^refs/heads/${ROOM_BRANCH_PREFIX}*`, "+refs/tags/*:refs/tags/*",
    ],
    { gitDir: mirror, protocols: protocolsFor(remote), timeoutMs: FETCH_TIMEOUT_MS },
  );
}
