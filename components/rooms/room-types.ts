/**
 * Client-side names for the parts of the room head (lib/rooms/get-room-view),
 * its history pages (lib/rooms/get-room-history) and what a message's `meta`
 * can say. Types only cross the server boundary.
 */
import { z } from "zod";
import type { HistoryEntry, HistoryMessage, HistoryPage, HistoryRun, HistoryToolCall } from "@/lib/rooms/get-room-history";
import type { RoomView } from "@/lib/rooms/get-room-view";

export type { RoomView };
export type RoomInfo = RoomView["room"];
export type RoomHistoryPage = HistoryPage;
export type RoomEntry = HistoryEntry;
export type RoomMessage = HistoryMessage;
export type RoomRun = HistoryRun;
export type RoomToolCall = HistoryToolCall;
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
