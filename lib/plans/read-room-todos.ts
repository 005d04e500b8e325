import "server-only";
/** A1, A7: a room's task list as todo_write last replaced it. */
import type { PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";
import { readStoredTodos, type TodoItem } from "../rooms/stored-todos";

export async function readRoomTodos(prisma: PrismaClient, scope: { workspaceId: string; roomId: string }): Promise<TodoItem[]> {
  const room = await prisma.room.findFirst({ where: { id: scope.roomId, workspaceId: scope.workspaceId }, select: { todos: true } });
  if (!room) throw notFound("That room");
  return readStoredTodos(room.todos);
}
