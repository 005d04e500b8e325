/**
 * Support for the review tests: real git repositories (with a bare one served
 * over HTTP as the "GitHub" remote), a data directory for mirrors and worktrees
 * under /var/tmp (visible to the sandbox), and a queue drain that runs jobs
 * with the worker's own handlers.
 */
import { chmod, mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Database } from "../../lib/db/client";
import { claimJob, completeJob } from "../../lib/queue/claim-job";
import { gitSync, makeTempRoot } from "../../lib/repos/git.test-support";
import { jobHandlers } from "../../lib/runtime/job-handlers";

/**
 * Points GATEHOUSE_DATA_DIR (mirrors, worktrees) at a fresh folder inside a
 * fresh root, and makes that root the operator's one repository root (H3), so
 * the repositories a test makes beside the data folder may be read. The
 * cleanup removes it all and restores both variables.
 */
export async function useDataDir(): Promise<{ root: string; cleanup: () => Promise<void> }> {
  const previous = { data: process.env.GATEHOUSE_DATA_DIR, roots: process.env.GATEHOUSE_REPOSITORY_ROOTS };
  const root = await makeTempRoot("gatehouse-reviews-");
  process.env.GATEHOUSE_DATA_DIR = path.join(root, "data");
  process.env.GATEHOUSE_REPOSITORY_ROOTS = root;
  await mkdir(process.env.GATEHOUSE_DATA_DIR, { recursive: true });
  return {
    root,
    async cleanup() {
      restore("GATEHOUSE_DATA_DIR", previous.data);
      restore("GATEHOUSE_REPOSITORY_ROOTS", previous.roots);
      await rm(root, { recursive: true, force: true });
    },
  };
}

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/** Writes files (null deletes) and commits them on the current branch; returns the new commit. */
export async function commitFiles(repo: string, files: Record<string, string | null>, message: string): Promise<string> {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(repo, name);
    if (content === null) await rm(file, { force: true });
    else {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
    }
  }
  gitSync(repo, ["add", "-A"]);
  gitSync(repo, ["commit", "-q", "-m", message]);
  return gitSync(repo, ["rev-parse", "HEAD"]).trim();
}

/** A repository with `main` holding `files`; returns its path. */
export async function makeRepo(root: string, name: string, files: Record<string, string>): Promise<string> {
  const repo = path.join(root, name);
  await mkdir(repo, { recursive: true });
  gitSync(repo, ["init", "-q"]);
  await commitFiles(repo, files, "Initial commit");
  return repo;
}

export function checkout(repo: string, branch: string, create = false): void {
  gitSync(repo, ["checkout", "-q", ...(create ? ["-b"] : []), branch]);
}

export function sha(repo: string, ref: string): string {
  return gitSync(repo, ["rev-parse", ref]).trim();
}

export interface DrainResult {
  ran: { kind: string; payload: Record<string, unknown> }[];
  errors: { kind: string; error: string }[];
}

/**
 * Runs queued jobs until none is left (or `maxJobs`), one at a time, with the
 * same handlers as the worker. Failures are collected, not thrown, so a test
 * can assert on them; a failed job is completed rather than retried.
 */
export async function drainJobs(db: Database, options: { kinds?: string[]; maxJobs?: number } = {}): Promise<DrainResult> {
  const owner = `test-${process.pid}`;
  const handlers = jobHandlers(db, { owner });
  const result: DrainResult = { ran: [], errors: [] };
  for (let i = 0; i < (options.maxJobs ?? 200); i++) {
    const job = await claimJob(db.prisma, owner, 60_000);
    if (!job) break;
    if (options.kinds && !options.kinds.includes(job.kind)) {
      await completeJob(db.prisma, job.id, owner);
      continue;
    }
    try {
      await handlers[job.kind]!(job.payload, job);
      result.ran.push({ kind: job.kind, payload: job.payload });
    } catch (error) {
      result.errors.push({ kind: job.kind, error: (error as Error).message });
    }
    await completeJob(db.prisma, job.id, owner);
  }
  return result;
}
