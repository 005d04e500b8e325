import "server-only";
/**
 * X1, G7: a repository may carry the workspace's mode policy as
 * `gatehouse.modes.json` at its root, so policy is reviewed like code. An admin
 * imports it from the default branch (read from Gatehouse's mirror at that
 * commit, never from a worktree, H3); the same validation applies, and the
 * audit row names the repository and commit it came from. Importing is saving
 * (G8: the rooms it moves go through the one transition), and people see its
 * preview first.
 */
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { readFileAt } from "../repos/pull-git";
import { revParse } from "../repos/git";
import { syncRepository } from "../repositories/sync-repository";
import { checkModePolicy, parseModePolicy } from "./check-mode-policy";
import type { ModePolicyView } from "./get-mode-policy";
import { loadPolicyPreview } from "./load-policy-preview";
import type { PolicyPreview } from "./preview-mode-policy";
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

/** The policy in the repository's gatehouse.modes.json at its default branch, and the commit it was read at. */
async function readRepositoryPolicy(prisma: PrismaClient, ctx: { workspaceId: string }, repositoryId: string) {
  const repository = await prisma.repository.findFirst({ where: { id: repositoryId, workspaceId: ctx.workspaceId } });
  if (!repository) throw notFound("That repository");
  const mirror = await syncRepository(prisma, repository, { unlessMirrorHas: repository.defaultBranch });
  const commit = await revParse({ gitDir: mirror }, repository.defaultBranch);
  const policy = readModesFile(await readFileAt(mirror, commit, MODES_FILE_NAME, 256 * 1024));
  return { repository, commit, policy };
}

/** G8: what importing the file would change — modes and rooms — before anything is saved. */
export async function previewModePolicyImport(prisma: PrismaClient, ctx: { workspaceId: string }, repositoryId: string): Promise<{ commit: string; preview: PolicyPreview }> {
  const { commit, policy } = await readRepositoryPolicy(prisma, ctx, repositoryId);
  const { preview } = await loadPolicyPreview(prisma, ctx.workspaceId, parseModePolicy(policy));
  return { commit, preview };
}

/**
 * Imports the file. With `commit` (the one a preview showed), the import is
 * refused if the default branch has moved since, so what is saved is what was seen.
 */
export async function importModePolicy(
  prisma: PrismaClient,
  ctx: { workspaceId: string; userId: string },
  repositoryId: string,
  commit?: string,
): Promise<ModePolicyView & { commit: string }> {
  const read = await readRepositoryPolicy(prisma, ctx, repositoryId);
  if (commit && commit !== read.commit) {
    throw new AppError("conflict", `${read.repository.defaultBranch} has moved since the preview (now at ${read.commit.slice(0, 12)}); preview the file again before loading it.`);
  }
  const view = await saveModePolicy(prisma, ctx, read.policy, { repository: read.repository.name, commit: read.commit });
  return { ...view, commit: read.commit };
}
