import "server-only";
/** P6: `get_plan` — one plan version with its steps, status and decision, if the caller is a member of its workspace. */
import { notFound } from "../../errors/app-error";
import { getPlan } from "../../plans/get-plan";
import { planToMarkdown } from "../../plans/plan-to-markdown";
import { summarizePlanDiff } from "../../plans/diff-plan-versions";
import { getPlanInput } from "../schemas";
import { defineMcpTool } from "./types";

export const getPlanTool = defineMcpTool({
  name: "get_plan",
  title: "Get a plan",
  description: "Returns one plan version: goal, steps with their dependencies, status (submitted, approved, rejected, superseded), who decided it, and the plan as Markdown.",
  input: getPlanInput,
  async run({ prisma, user }, args) {
    const found = await prisma.plan.findUnique({ where: { id: args.planId }, select: { room: { select: { workspaceId: true } } } });
    const member = found && (await prisma.membership.findFirst({ where: { userId: user.id, workspaceId: found.room.workspaceId }, select: { id: true } }));
    // Not a member reads exactly like "does not exist": plan ids never leak across workspaces.
    if (!found || !member) throw notFound(`Plan "${args.planId}"`);
    const detail = await getPlan(prisma, { workspaceId: found.room.workspaceId }, args.planId);
    const { plan } = detail;
    return {
      plan: { id: plan.id, version: plan.version, goal: plan.goal, status: plan.status, author: plan.author, createdAt: plan.createdAt, nodes: plan.nodes },
      room: detail.room,
      latestVersion: detail.latest.version,
      changesSincePrevious: detail.diff ? summarizePlanDiff(detail.diff) : null,
      decision: detail.decision,
      orchestration: detail.orchestration,
      markdown: planToMarkdown(plan, { version: plan.version, status: plan.status }),
    };
  },
});
