import "server-only";
/**
 * Where Gatehouse keeps files of its own: the embedded database, repository
 * mirrors, room worktrees, the demo repository, the session secret.
 * GATEHOUSE_DATA_DIR moves it; the default lives beside the project. None of it
 * can be registered as a repository (H3) — except the demo folder, which holds
 * sample sources, not Gatehouse's data.
 */
import { join, resolve } from "node:path";
import { env, workingDirectory } from "./env";

export function dataDir(): string {
  return resolve(/*turbopackIgnore: true*/ env().GATEHOUSE_DATA_DIR ?? join(workingDirectory(), ".gatehouse"));
}

export function worktreesDir(): string {
  return join(dataDir(), "worktrees");
}

/** H3: bare mirrors Gatehouse fetches registered repositories into (config written by Gatehouse alone). */
export function mirrorsDir(): string {
  return join(dataDir(), "mirrors");
}

/** Scratch space for fetches from folders on the server (see lib/repos/export-source.ts). */
export function stagingDir(): string {
  return join(dataDir(), "staging");
}

/** Where the demo's sample repository lives; an allowed root on the embedded default. */
export function demoReposDir(): string {
  return join(dataDir(), "repos");
}
