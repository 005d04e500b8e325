import "server-only";
/**
 * Binds the tools' domain operations to the database for one run. Every
 * operation is scoped to the run's own room and workspace; a run without a
 * room — or whose stored room is another workspace's, which run-scope.ts turns
 * into no room — gets noRoomServices (S4). Each operation checks the room's
 * workspace again inside its own transaction.
 */
import type { PrismaClient } from "../db/generated/client";
import { recordProposal } from "../orchestration/record-proposal";
import { requestPlanExit } from "../plans/request-plan-exit";
import { submitPlan } from "../plans/submit-plan";
import { reviewServices } from "./review-services";
import { replaceTodos } from "../rooms/replace-todos";
import { requestModeChange } from "./request-mode-change";
import { startSubagent } from "../subagents/start-subagent";
import { fileTicket } from "../tickets/file-ticket";
import { noRoomServices, type ToolServices } from "../tools/services";
import { postComment } from "../runs/post-comment";
import { followRoomBranch } from "./follow-room-branch";

export interface RunScope {
  workspaceId: string;
  roomId: string | null;
  runId: string;
  conversationId: string | null;
  /** how the agent signs what it records, e.g. "agent:Scout" */
  author: string;
}

export function createToolServices(prisma: PrismaClient, scope: RunScope): ToolServices {
  const { roomId } = scope;
  if (!roomId) return noRoomServices;
  const ctx = { workspaceId: scope.workspaceId, roomId, runId: scope.runId, conversationId: scope.conversationId };
  return {
    plans: {
      submit: (plan) => submitPlan(prisma, { ...ctx, author: scope.author }, plan),
      requestExit: ({ reason }) => requestPlanExit(prisma, ctx, reason),
    },
    modes: { requestChange: (input) => requestModeChange(prisma, ctx, input) },
    orchestration: {
      propose: (payload) => recordProposal(prisma, ctx, payload as Parameters<typeof recordProposal>[2]),
    },
    todos: { replace: (items) => replaceTodos(prisma, ctx, items) },
    tickets: { create: (input) => fileTicket(prisma, ctx, input) },
    comments: {
      post: ({ body }) => {
        if (!ctx.conversationId) return noRoomServices.comments.post({ body });
        return postComment(prisma, { ...ctx, conversationId: ctx.conversationId }, body);
      },
    },
    reviews: reviewServices(prisma, { ...ctx, author: scope.author }),
    subagents: { start: (input) => startSubagent(prisma, ctx, input) },
    branches: { committed: () => followRoomBranch(prisma, { workspaceId: scope.workspaceId, roomId, userId: null }) },
  };
}
