/**
 * Client-side names for the parts of a room snapshot (lib/rooms/get-room-view)
 * and what a message's `meta` can say. Types only cross the server boundary.
 */
import { z } from "zod";
import type { RoomView } from "@/lib/rooms/get-room-view";

export type { RoomView };
export type RoomInfo = RoomView["room"];
export type RoomMessage = RoomView["messages"][number];
export type RoomRun = RoomView["runs"][number];
export type RoomToolCall = RoomRun["toolCalls"][number];
export type RoomApproval = RoomView["approvals"][number];
export type RoomConversation = RoomView["conversations"][number];
export type RoomMode = RoomInfo["mode"];
export type RoomAutonomy = RoomInfo["autonomy"];
export type RunStatus = RoomRun["status"];

const messageMeta = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("plan"), planId: z.string(), version: z.number(), steps: z.number() }),
  z.object({ kind: z.literal("proposal"), proposalId: z.string().optional() }),
  z.object({ kind: z.literal("comment") }),
]);
export type MessageMeta = z.infer<typeof messageMeta>;

/** The message's meta when it is one the room page renders specially. */
export function metaOf(message: Pick<RoomMessage, "meta">): MessageMeta | null {
  const parsed = messageMeta.safeParse(message.meta);
  return parsed.success ? parsed.data : null;
}
