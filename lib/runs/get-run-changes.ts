import "server-only";
/**
 * What a run (and the sub-agents it delegated to, A6) changed: the commits its
 * git_commit calls made, with their files, the diff they add up to, the files
 * it wrote without committing, and whether it ran commands (which may change
 * files no call records). Attribution comes from the run's own executed tool
 * calls, not from the branch's history, so runs sharing a branch never claim
 * each other's commits. Git is read from Gatehouse's mirror (H3).
 */
import type { PrismaClient } from "../db/generated/client";
import { parseDiff, type DiffFile } from "../diff/parse-diff";
import { notFound } from "../errors/app-error";
import { diff, git } from "../repos/git";
import { mirrorPath } from "../repos/mirror-paths";
import { hasCommit } from "../repos/pull-git";
import { changeKind, committedSha, type ChangeKind } from "./change-kind";

export interface RunCommit {
  sha: string;
  parent: string | null;
  author: string;
  date: string;
  subject: string;
  files: { status: string; path: string }[];
}

export interface RunChanges {
  runId: string;
  status: string;
  kind: ChangeKind;
  room: { id: string; name: string; branch: string | null; repositoryId: string | null } | null;
  ticket: { id: string; key: string; title: string } | null;
  commits: RunCommit[];
  /** the commits' combined diff (first commit's parent → last commit) when they form one line, else null */
  diff: { base: string; head: string; text: string; files: DiffFile[]; truncated: boolean } | null;
  /** files the run wrote or deleted that none of its commits contains */
  uncommitted: string[];
  ranCommands: boolean;
}

const MAX_DIFF_BYTES = 2 * 1024 * 1024;
const MAX_RUNS = 50;
const FIELD = "\x1f";

export async function getRunChanges(prisma: PrismaClient, workspaceId: string, runId: string): Promise<RunChanges> {
  const run = await prisma.run.findFirst({
    where: { id: runId, workspaceId },
    select: { id: true, status: true, room: { select: { id: true, name: true, branch: true, repositoryId: true } }, ticket: { select: { id: true, key: true, title: true } } },
  });
  if (!run) throw notFound("That run");
  const ids = await withDescendants(prisma, run.id);
  const calls = await prisma.toolCall.findMany({ where: { runId: { in: ids } }, orderBy: { createdAt: "asc" }, select: { effects: true, status: true, args: true, result: true } });
  const kind = changeKind(calls);
  const executed = calls.filter((c) => c.status === "executed");
  const shas = [...new Set(executed.filter((c) => c.effects.includes("commit")).map((c) => committedSha(c.result)).filter((s): s is string => s !== null))];
  const written = [...new Set(executed.filter((c) => c.effects.includes("write_worktree") || c.effects.includes("delete_files")).map((c) => pathArg(c.args)).filter((p): p is string => p !== null))];
  const repositoryId = run.room?.repositoryId ?? null;
  const mirror = repositoryId ? mirrorPath(repositoryId) : null;

  const commits: RunCommit[] = [];
  if (mirror) for (const sha of shas) if (await hasCommit(mirror, sha)) commits.push(await readCommit(mirror, sha));
  const committedFiles = new Set(commits.flatMap((c) => c.files.map((f) => f.path)));
  return {
    runId: run.id,
    status: run.status,
    kind,
    room: run.room ? { id: run.room.id, name: run.room.name, branch: run.room.branch, repositoryId: run.room.repositoryId } : null,
    ticket: run.ticket,
    commits,
    diff: mirror ? await combinedDiff(mirror, commits) : null,
    uncommitted: written.filter((p) => !committedFiles.has(p)),
    ranCommands: executed.some((c) => c.effects.includes("start_process")),
  };
}

/** The run and the sub-agent runs under it (A8 bounds the depth; this bounds the count). */
async function withDescendants(prisma: PrismaClient, runId: string): Promise<string[]> {
  const ids = [runId];
  for (let level = [runId]; level.length > 0 && ids.length < MAX_RUNS; ) {
    const children = await prisma.run.findMany({ where: { parentRunId: { in: level } }, select: { id: true }, take: MAX_RUNS });
    level = children.map((c) => c.id).filter((id) => !ids.includes(id));
    ids.push(...level);
  }
  return ids.slice(0, MAX_RUNS);
}

function pathArg(args: unknown): string | null {
  const value = args && typeof args === "object" && "path" in args ? (args as { path: unknown }).path : null;
  return typeof value === "string" && value.length > 0 && value.length < 1024 ? value.replace(/^\.\//, "") : null;
}

async function readCommit(mirror: string, sha: string): Promise<RunCommit> {
  const meta = await git(["log", "-1", "--no-color", `--format=%P${FIELD}%an <%ae>${FIELD}%aI${FIELD}%s`, sha, "--"], { gitDir: mirror });
  const [parents = "", author = "", date = "", subject = ""] = meta.stdout.trim().split(FIELD);
  const names = await git(["diff-tree", "--no-commit-id", "--name-status", "-r", "-M", "--root", "-z", sha], { gitDir: mirror, maxOutputBytes: 1024 * 1024 });
  const parts = names.stdout.split("\0").filter(Boolean);
  const files: RunCommit["files"] = [];
  for (let i = 0; i < parts.length; ) {
    const status = parts[i]!;
    // Renames and copies carry two paths; the new one is what the commit has.
    const take = /^[RC]/.test(status) ? 2 : 1;
    files.push({ status: status[0]!, path: parts[i + take]! });
    i += take + 1;
  }
  return { sha, parent: parents.split(" ")[0] || null, author, date, subject, files };
}

/** One diff for commits that follow each other (the usual case: one agent committing on its branch). */
async function combinedDiff(mirror: string, commits: readonly RunCommit[]): Promise<RunChanges["diff"]> {
  if (commits.length === 0) return null;
  const chain = commits.every((c, i) => i === 0 || c.parent === commits[i - 1]!.sha);
  const first = commits[0]!;
  const last = commits[commits.length - 1]!;
  if (!chain || !first.parent) return null;
  const result = await diff({ gitDir: mirror, base: first.parent, head: last.sha, maxOutputBytes: MAX_DIFF_BYTES });
  const text = result.truncated ? result.text.slice(0, result.text.lastIndexOf("\n") + 1) : result.text;
  return { base: first.parent, head: last.sha, text, files: parseDiff(text), truncated: result.truncated };
}
