import "server-only";
/**
 * H3: bring a repository's mirror up to date with its source — the folder on
 * the server (read in the sandbox, lib/repos/export-source.ts) or, without
 * one, its remote URL (fetched by the host's hardened git). Everything that
 * reads a repository's branches (rooms, pull requests, reviews) works on the
 * mirror afterwards. The source is checked against the rules of registration
 * again first: a folder may have been swapped for a link since.
 */
import { realpath } from "node:fs/promises";
import { demoReposDir, stagingDir } from "../config/data-dir";
import { env } from "../config/env";
import type { PrismaClient } from "../db/generated/client";
import { AppError } from "../errors/app-error";
import { exportSource, SourceExportError } from "../repos/export-source";
import { GitError, revParse } from "../repos/git";
import { applyExport, ensureMirror, fetchRemote, fetchTrustedFolder, mirrorTips, serialized } from "../repos/mirror";
import { mirrorPath } from "../repos/mirror-paths";
import { reapplyLanded } from "../repos/landed-refs";
import { checkRemoteUrl, RemoteUrlError } from "../repos/remote-url";
import { SandboxUnavailableError } from "../sandbox/run-in-sandbox";
import { checkHostPath, isInside } from "./check-host-path";

export interface RepositorySource {
  id: string;
  workspaceId: string;
  path: string | null;
  remoteUrl: string | null;
}

export interface SyncOptions {
  /**
   * A source that cannot be read right now (a remote that is down) is no
   * failure when the mirror already has this revision. A source the rules
   * refuse always is.
   */
  unlessMirrorHas?: string;
}

/** Syncs the repository's mirror (creating it on first use); returns the mirror's path. */
export async function syncRepository(prisma: PrismaClient, repository: RepositorySource, options: SyncOptions = {}): Promise<string> {
  const mirror = mirrorPath(repository.id);
  const dir = repository.path ? await checkHostPath(prisma, repository.workspaceId, repository.path) : null;
  try {
    await serialized(mirror, () => importInto(mirror, { dir, remoteUrl: repository.remoteUrl }, repository.workspaceId));
  } catch (error) {
    const fallback = options.unlessMirrorHas;
    if (!fallback || !(await revParse({ gitDir: mirror }, fallback).then(() => true, () => false))) throw error;
  }
  return mirror;
}

/** The mirror of a repository, created empty when it does not exist yet (no fetch). */
export async function existingMirror(repositoryId: string): Promise<string> {
  const mirror = mirrorPath(repositoryId);
  await ensureMirror(mirror);
  return mirror;
}

/**
 * Fills `mirror` from a checked folder (`dir`, a real path) or else from the
 * remote URL. Errors become AppErrors that say what to fix.
 */
export async function importInto(mirror: string, source: { dir: string | null; remoteUrl: string | null }, workspaceId: string): Promise<void> {
  await ensureMirror(mirror);
  if (source.dir) {
    let exported;
    try {
      exported = await exportSource(source.dir, await mirrorTips(mirror), stagingDir(), workspaceId);
    } catch (error) {
      if (error instanceof SandboxUnavailableError && isInside(source.dir, await realpath(demoReposDir()).catch(() => demoReposDir()))) {
        // `npm run dev` on a host without bubblewrap still gets its demo (see fetchTrustedFolder).
        await fetchTrustedFolder(mirror, source.dir);
        return reapplyLanded(mirror);
      }
      throw sourceError(error, source.dir);
    }
    try {
      await applyExport(mirror, exported);
    } catch (error) {
      throw new AppError("unprocessable", `${source.dir} could not be read into Gatehouse: ${(error as Error).message.slice(0, 300)}`);
    } finally {
      await exported.cleanup();
    }
    return;
  }
  if (!source.remoteUrl) return;
  try {
    await fetchRemote(mirror, source.remoteUrl, checkRemoteUrl(source.remoteUrl, env().GATEHOUSE_ALLOWED_GIT_HOSTS));
    // A fetch overwrites branches directly; commits Gatehouse landed go back where the remote is behind them.
    await reapplyLanded(mirror);
  } catch (error) {
    if (error instanceof RemoteUrlError) throw new AppError("unprocessable", error.message);
    if (error instanceof GitError) {
      const detail = error.timedOut ? "it did not answer in time" : error.stderr.trim().split("\n").slice(-2).join(" ").slice(0, 300) || "git failed";
      throw new AppError("unprocessable", `Remote URL: could not fetch ${source.remoteUrl}: ${detail}`);
    }
    throw error;
  }
}

function sourceError(error: unknown, dir: string): unknown {
  if (error instanceof SandboxUnavailableError) {
    return new AppError(
      "unavailable",
      `Folders on the server are read only through the OS sandbox, which is unavailable here (${error.message}). Register the repository by its remote URL instead.`,
    );
  }
  if (error instanceof SourceExportError) {
    if (/not a git repository|not the top folder/.test(error.reason)) {
      return new AppError("unprocessable", `${dir} is not a git repository. Run \`git init\` there, or give the repository's top folder.`);
    }
    return new AppError("unprocessable", `${dir} ${error.reason}.`);
  }
  return error;
}
