import "server-only";
/** A1: the room's task list is replaced whole; people see it live. */
import type { Prisma, PrismaClient } from "../db/generated/client";
import { recordEvent } from "../events/record-event";
import type { TodoItem } from "../tools/services";

export async function replaceTodos(prisma: PrismaClient, ctx: { workspaceId: string; roomId: string; runId: string | null }, todos: TodoItem[]): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await tx.room.update({ where: { id: ctx.roomId }, data: { todos: todos as unknown as Prisma.InputJsonValue } });
    await recordEvent(tx, { workspaceId: ctx.workspaceId, roomId: ctx.roomId, runId: ctx.runId, type: "todos.updated", data: { todos } });
  });
}
