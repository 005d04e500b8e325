import "server-only";
import type { PrismaClient } from "../db/generated/client";

/** A GitHub sign-in finds the user by GitHub id, else links by email, else creates one. */
export async function upsertGithubUser(
  prisma: PrismaClient,
  gh: { githubId: string; email: string | null; name: string },
): Promise<{ id: string }> {
  const byGithub = await prisma.user.findUnique({ where: { githubId: gh.githubId } });
  if (byGithub) return byGithub;
  const email = (gh.email ?? `${gh.githubId}@users.noreply.github.com`).toLowerCase();
  return prisma.user.upsert({
    where: { email },
    update: { githubId: gh.githubId },
    create: { email, name: gh.name, githubId: gh.githubId },
  });
}
