import "server-only";
/**
 * H3: which folders on the server a workspace may register (and, at every
 * later read, still reaches): only inside the operator's roots, never
 * Gatehouse's own data (mirrors, worktrees, database, secrets), and never
 * overlapping — in either direction — a repository or worktree of another
 * workspace. Symbolic links are resolved first, so a link inside a root
 * cannot lead anywhere else; the folder is checked again before every read
 * because its owner may replace it with a link later.
 */
import { realpath, stat } from "node:fs/promises";
import path from "node:path";
import { dataDir, demoReposDir } from "../config/data-dir";
import { env } from "../config/env";
import type { PrismaClient } from "../db/generated/client";
import { AppError } from "../errors/app-error";

const FIELD = "Path on the server";

/** The folders this server lets repositories be registered from. */
export async function repositoryRoots(): Promise<string[]> {
  const { GATEHOUSE_REPOSITORY_ROOTS, GATEHOUSE_SEED_DEMO, DATABASE_URL } = env();
  // Where the demo is seeded (the embedded default, or GATEHOUSE_SEED_DEMO=1) its folder is allowed too.
  const demo = GATEHOUSE_SEED_DEMO ? GATEHOUSE_SEED_DEMO === "1" : !DATABASE_URL;
  const roots = [...GATEHOUSE_REPOSITORY_ROOTS, ...(demo ? [demoReposDir()] : [])];
  return [...new Set(roots.map((root) => path.resolve(root)))];
}

export interface CheckHostPathOptions {
  /** replaces the configured roots (tests, tools) */
  allowedRoots?: readonly string[];
}

/** Returns the folder's real path, or throws an AppError that says what to fix. */
export async function checkHostPath(prisma: PrismaClient, workspaceId: string, input: string, options: CheckHostPathOptions = {}): Promise<string> {
  const dir = path.resolve(input);
  const info = await stat(dir).catch(() => null);
  if (!info) throw new AppError("unprocessable", `No folder exists at ${dir} on the server.`);
  if (!info.isDirectory()) throw new AppError("unprocessable", `${dir} is a file, not a folder. Give the repository's folder.`);
  const real = await realpath(dir);

  const roots = options.allowedRoots ? options.allowedRoots.map((root) => path.resolve(root)) : await repositoryRoots();
  if (roots.length === 0) {
    throw new AppError(
      "unprocessable",
      `${FIELD}: this server allows no folders for repositories. Register the repository by its remote URL, or ask the operator to set GATEHOUSE_REPOSITORY_ROOTS.`,
    );
  }
  const realRoots = await Promise.all(roots.map(resolved));
  if (!realRoots.some((root) => isInside(real, root))) {
    throw new AppError("unprocessable", `${FIELD}: repositories must be inside ${roots.join(" or ")} on this server.`);
  }

  const data = await resolved(dataDir());
  const demo = await resolved(demoReposDir());
  for (const candidate of new Set([dir, real])) {
    if ((isInside(candidate, data) && !isInside(candidate, demo)) || isInside(data, candidate)) {
      throw new AppError("unprocessable", `${FIELD}: ${dir} holds or is part of Gatehouse's own data (mirrors, worktrees, database, secrets); give a repository folder of your own.`);
    }
  }

  for (const taken of await othersFolders(prisma, workspaceId)) {
    const takenReal = await resolved(taken.path);
    if (overlaps(real, takenReal) || overlaps(dir, taken.path) || overlaps(real, taken.path)) {
      throw new AppError("unprocessable", `${FIELD}: ${dir} overlaps a ${taken.what} of another workspace; register a folder of your own.`);
    }
  }
  return real;
}

/** Every folder another workspace owns on this server: registered repositories and room worktrees. */
async function othersFolders(prisma: PrismaClient, workspaceId: string): Promise<{ path: string; what: string }[]> {
  const [repositories, rooms] = await Promise.all([
    prisma.repository.findMany({ where: { workspaceId: { not: workspaceId }, path: { not: null } }, select: { path: true } }),
    prisma.room.findMany({ where: { workspaceId: { not: workspaceId }, worktreePath: { not: null } }, select: { worktreePath: true } }),
  ]);
  return [
    ...repositories.map((r) => ({ path: r.path!, what: "repository" })),
    ...rooms.map((r) => ({ path: r.worktreePath!, what: "worktree" })),
  ];
}

async function resolved(p: string): Promise<string> {
  return realpath(p).catch(() => path.resolve(p));
}

function overlaps(a: string, b: string): boolean {
  return isInside(a, b) || isInside(b, a);
}

export function isInside(dir: string, root: string): boolean {
  const relative = path.relative(root, dir);
  return relative === "" || (relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}
