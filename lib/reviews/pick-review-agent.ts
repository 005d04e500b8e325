import "server-only";
/**
 * Which agent reviews a pull request: the one a person chose; else the
 * workspace's first agent on a real model (OpenAI-compatible or Anthropic);
 * else the built-in offline reviewer (lib/reviews/offline), created on first use as a
 * scripted agent with the reserved model name, so it is an ordinary agent
 * everywhere else (agents list, room header, Finding.author).
 */
import type { PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";
import { OFFLINE_REVIEWER_MODEL } from "./offline/offline-review-model";

export const BUILTIN_REVIEWER_NAME = "Gatehouse Reviewer";

type Db = Pick<PrismaClient, "agent">;

export async function pickReviewAgent(prisma: Db, workspaceId: string, requestedAgentId?: string): Promise<{ id: string; name: string }> {
  if (requestedAgentId) {
    const chosen = await prisma.agent.findFirst({ where: { id: requestedAgentId, workspaceId, archivedAt: null }, select: { id: true, name: true } });
    if (!chosen) throw notFound("That agent");
    return chosen;
  }
  const real = await prisma.agent.findFirst({
    where: { workspaceId, provider: { in: ["openai_compatible", "anthropic"] }, archivedAt: null },
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true },
  });
  return real ?? ensureBuiltinReviewer(prisma, workspaceId);
}

/** The workspace's built-in reviewer agent; safe when two pull requests open at once. */
export async function ensureBuiltinReviewer(prisma: Db, workspaceId: string): Promise<{ id: string; name: string }> {
  const find = () =>
    prisma.agent.findFirst({
      where: { workspaceId, provider: "scripted", model: OFFLINE_REVIEWER_MODEL, archivedAt: null },
      orderBy: { createdAt: "asc" },
      select: { id: true, name: true },
    });
  const existing = await find();
  if (existing) return existing;
  // skipDuplicates: a concurrent first use created it (unique workspaceId+name) — then it is found below.
  await prisma.agent.createMany({
    data: [{ workspaceId, name: BUILTIN_REVIEWER_NAME, provider: "scripted", model: OFFLINE_REVIEWER_MODEL }],
    skipDuplicates: true,
  });
  const created = await find();
  if (created) return created;
  // Someone named an agent of their own "Gatehouse Reviewer": give ours a distinct name.
  const fallback = await prisma.agent.create({
    data: { workspaceId, name: `${BUILTIN_REVIEWER_NAME} (built-in)`, provider: "scripted", model: OFFLINE_REVIEWER_MODEL },
    select: { id: true, name: true },
  });
  return fallback;
}
