import "server-only";
/**
 * Where Gatehouse keeps files of its own: the embedded database, room
 * worktrees, the demo repository, the session secret. GATEHOUSE_DATA_DIR
 * moves it; the default lives beside the project.
 */
import { join, resolve } from "node:path";
import { env, workingDirectory } from "./env";

export function dataDir(): string {
  return resolve(/*turbopackIgnore: true*/ env().GATEHOUSE_DATA_DIR ?? join(workingDirectory(), ".gatehouse"));
}

export function worktreesDir(): string {
  return join(dataDir(), "worktrees");
}
