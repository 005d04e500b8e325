import "server-only";
/**
 * Seeds the demo on a fresh embedded database: a user to sign in as, a
 * workspace, the sample repository, scripted agents, a room per mode and a
 * pull request with its review room.
 * Runs once: an existing demo user means it was done before.
 */
import { join } from "node:path";
import type { Prisma, PrismaClient } from "../db/generated/client";
import { hashPassword } from "../auth/password";
import { dataDir } from "../config/data-dir";
import { openPullRequest } from "../pulls/open-pull-request";
import { createRoom } from "../rooms/create-room";
import { BUILDER_SCRIPT, ORCHESTRATOR_SCRIPT, PLANNER_SCRIPT } from "./demo-scripts";
import { createSampleRepo } from "./sample-repo";

export const DEMO_USER = { email: "demo@gatehouse.dev", password: "gatehouse-demo", name: "Dana Demo" };
export const DEMO_TEAMMATE = { email: "sam@gatehouse.dev", password: "gatehouse-demo", name: "Sam Teammate" };

export async function seedDemo(prisma: PrismaClient): Promise<{ email: string; password: string } | null> {
  if (await prisma.user.findUnique({ where: { email: DEMO_USER.email } })) return null;
  const repoPath = await createSampleRepo(join(dataDir(), "repos", "invoice-kit"));

  const [dana, sam] = [
    await prisma.user.create({ data: { email: DEMO_USER.email, name: DEMO_USER.name, passwordHash: await hashPassword(DEMO_USER.password) } }),
    await prisma.user.create({ data: { email: DEMO_TEAMMATE.email, name: DEMO_TEAMMATE.name, passwordHash: await hashPassword(DEMO_TEAMMATE.password) } }),
  ];
  const workspace = await prisma.workspace.create({
    data: {
      name: "Demo",
      slug: "demo",
      memberships: { create: [{ userId: dana.id, role: "owner" }, { userId: sam.id, role: "member" }] },
    },
  });
  const repository = await prisma.repository.create({
    data: { workspaceId: workspace.id, name: "invoice-kit", path: repoPath, defaultBranch: "main" },
  });
  const agent = (name: string, script: unknown) =>
    prisma.agent.create({ data: { workspaceId: workspace.id, name, provider: "scripted", model: "scripted", script: script as Prisma.InputJsonValue } });
  const builder = await agent("Builder", BUILDER_SCRIPT);
  const planner = await agent("Planner", PLANNER_SCRIPT);
  const orchestrator = await agent("Orchestrator", ORCHESTRATOR_SCRIPT);

  const ctx = { workspaceId: workspace.id, userId: dana.id };
  await createRoom(prisma, ctx, { name: "Tour the repository", mode: "chat", autonomy: "auto_edit", repositoryId: repository.id, agentId: builder.id });
  await createRoom(prisma, ctx, { name: "Plan: capped discounts", mode: "plan", autonomy: "auto_edit", repositoryId: repository.id, agentId: planner.id });
  await createRoom(prisma, ctx, { name: "Orchestrate: discount release", mode: "orchestrate", autonomy: "auto_edit", repositoryId: repository.id, agentId: orchestrator.id });
  // A pull request for the built-in reviewer (no model configured here), reviewed once the worker runs.
  await openPullRequest(
    prisma,
    { ...ctx, role: "owner" },
    { repositoryId: repository.id, baseRef: "main", headRef: "feature/discount-cap", title: "Cap discounts at 50% and add pricing config" },
  );
  return { email: DEMO_USER.email, password: DEMO_USER.password };
}
