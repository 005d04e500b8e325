import "server-only";
/**
 * The review tools' operations (R2–R6) for a run in a room. Only a room opened
 * for a pull request has findings to record.
 */
import type { PrismaClient } from "../db/generated/client";
import type { ToolServices } from "../tools/services";
import { ToolError } from "../tools/types";

export interface ReviewScope {
  workspaceId: string;
  roomId: string;
  runId: string | null;
  conversationId: string | null;
  author: string;
}

export function reviewServices(prisma: PrismaClient, scope: ReviewScope): ToolServices["reviews"] {
  const noPullRequest = () => new ToolError("This room is not reviewing a pull request, so there is nothing to record a finding on.");
  return {
    async addNode() {
      throw noPullRequest();
    },
    async finalize() {
      throw noPullRequest();
    },
  };
}
