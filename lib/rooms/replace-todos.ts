import "server-only";
/** A1: the room's task list is replaced whole; people see it live. S4: only a room of the run's workspace. */
import type { Prisma, PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";

import type { TodoItem } from "./stored-todos";

export type { TodoItem };

export async function replaceTodos(prisma: PrismaClient, ctx: { workspaceId: string; roomId: string; runId: string | null }, todos: TodoItem[]): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.room.updateMany({
      where: { id: ctx.roomId, workspaceId: ctx.workspaceId },
      data: { todos: todos as unknown as Prisma.InputJsonValue },
    });
    if (count === 0) throw notFound("That room (in this workspace)");
    await recordEvent(tx, { workspaceId: ctx.workspaceId, roomId: ctx.roomId, runId: ctx.runId, type: "todos.updated", data: { todos } });
  });
}
