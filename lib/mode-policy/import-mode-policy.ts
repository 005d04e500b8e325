import "server-only";
/**
 * X1, G7: a repository may carry the workspace's mode policy as
 * `gatehouse.modes.json` at its root, so policy is reviewed like code. An admin
 * imports it from the default branch (read from Gatehouse's mirror at that
 * commit, never from a worktree, H3); the same validation applies, and the
 * audit row names the repository and commit it came from.
 */
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { readFileAt } from "../repos/pull-git";
import { revParse } from "../repos/git";
import { syncRepository } from "../repositories/sync-repository";
import { checkModePolicy } from "./check-mode-policy";
import type { ModePolicyView } from "./get-mode-policy";
import { saveModePolicy } from "./save-mode-policy";

export const MODES_FILE_NAME = "gatehouse.modes.json";

/** The file's policy, or a refusal naming the file and each bad field. */
export function readModesFile(text: string | null): unknown {
  if (text === null) throw new AppError("unprocessable", `The repository has no ${MODES_FILE_NAME} at its root on the default branch.`);
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new AppError("unprocessable", `${MODES_FILE_NAME} is not valid JSON (${(error as Error).message})`);
  }
  const checked = checkModePolicy(json);
  if (!checked.ok) {
    const issues = checked.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    throw new AppError("unprocessable", `${MODES_FILE_NAME} is invalid: ${issues.map((i) => `${i.path || "file"}: ${i.message}`).join("; ")}`, { issues });
  }
  return json;
}

export async function importModePolicy(prisma: PrismaClient, ctx: { workspaceId: string; userId: string }, repositoryId: string): Promise<ModePolicyView & { commit: string }> {
  const repository = await prisma.repository.findFirst({ where: { id: repositoryId, workspaceId: ctx.workspaceId } });
  if (!repository) throw notFound("That repository");
  const mirror = await syncRepository(prisma, repository, { unlessMirrorHas: repository.defaultBranch });
  const commit = await revParse({ gitDir: mirror }, repository.defaultBranch);
  const policy = readModesFile(await readFileAt(mirror, commit, MODES_FILE_NAME, 256 * 1024));
  const view = await saveModePolicy(prisma, ctx, policy, { repository: repository.name, commit });
  return { ...view, commit };
}
