import { answerQuestion } from "@/lib/runs/answer-question";
import { answerQuestionBody } from "@/lib/rooms/schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

/** G2: a person answers an agent's ask_user question. */
export const POST = withWorkspace<{ workspace: string; runId: string }>(
  async ({ req, prisma, workspace, user, params }) => {
    const body = await readJson(req, answerQuestionBody);
    await answerQuestion(prisma, { workspaceId: workspace.id, runId: params.runId, userId: user.id, ...body });
    return Response.json({ ok: true });
  },
  { permission: "write" },
);
