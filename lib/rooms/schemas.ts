/** Request bodies of the rooms API; the same schemas feed the forms. */
import { z } from "zod";
import { isBuiltInMode, profileOf } from "../modes/profiles";
import { historyCursor } from "./history-cursor";

const id = z.string().trim().min(1).max(64);

/**
 * S1, X1: people pick Agent (chat), Plan, Orchestrate or one of the workspace's
 * declared modes, by id; review is set by the system only. Whether a declared
 * id exists is the workspace's to say (lib/rooms/change-room-mode.ts).
 */
export const selectableMode = z
  .string({ error: "mode must be a mode id such as chat (shown as Agent), plan, orchestrate or a declared mode's id" })
  .trim()
  .min(1, "mode must not be empty")
  .max(40, "mode ids are at most 40 characters")
  .refine((mode) => !isBuiltInMode(mode) || profileOf(mode).selectable, "review rooms are opened for pull requests; pick another mode");

export const autonomy = z.enum(["ask", "auto_edit", "auto"]);

export const createRoomBody = z.strictObject({
  name: z.string().trim().min(1, "give the room a name").max(120),
  /** X1: absent → the workspace's default mode */
  mode: selectableMode.optional(),
  autonomy: autonomy.default("auto_edit"),
  repositoryId: id.optional(),
  agentId: id.optional(),
});
export type CreateRoomBody = z.infer<typeof createRoomBody>;

export const updateRoomBody = z
  .strictObject({
    name: z.string().trim().min(1).max(120).optional(),
    mode: selectableMode.optional(),
    autonomy: autonomy.optional(),
    planShell: z.boolean().optional(),
    agentId: id.nullable().optional(),
    /** true archives the room (it leaves lists and starts no runs), false restores it */
    archived: z.boolean({ error: "archived is true or false" }).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: "send at least one field to change" });
export type UpdateRoomBody = z.infer<typeof updateRoomBody>;

/** GET rooms: `archived=1` lists the archived rooms instead of the active ones. */
export const roomListQuery = z.object({ archived: z.enum(["0", "1"], { error: "archived is 0 or 1" }).optional() });

/** The longest message a person or agent posts; the composer shows it as the draft nears it. */
export const MESSAGE_MAX_LENGTH = 20_000;

export const postMessageBody = z.strictObject({
  content: z.string().trim().min(1, "write a message first").max(MESSAGE_MAX_LENGTH, `a message holds at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters`),
  conversationId: id.optional(),
});

export const startThreadBody = z.strictObject({
  parentConversationId: id,
  title: z.string().trim().min(1).max(200),
});

export const answerQuestionBody = z.strictObject({
  callId: z.string().min(1).max(200),
  answer: z.string().trim().min(1, "write an answer").max(20_000),
});

export const decideApprovalBody = z.strictObject({
  decision: z.enum(["approve", "reject"]),
  comment: z.string().trim().max(2000).optional(),
});

/** SSE resume point: the Last-Event-ID header or ?after= */
export const eventCursor = z
  .string()
  .regex(/^\d{1,18}$/, "the event id must be a number from an earlier event")
  .transform((value) => BigInt(value));

/**
 * A page of a conversation's history (lib/rooms/get-room-history.ts): the newest page
 * by default, or the page older than `before`, newer than `after`, starting at `from`
 * (inclusive; the client refreshes its newest page with it), or the page around one
 * message, run or tool call (`around`, for deep links). At most one of them.
 */
export const historyQuery = z
  .strictObject({
    conversation: id.optional(),
    before: historyCursor.optional(),
    after: historyCursor.optional(),
    from: historyCursor.optional(),
    around: id.optional(),
    limit: z.coerce.number().int().min(1).max(200, "ask for at most 200 entries a page").default(40),
  })
  .refine((q) => [q.before, q.after, q.from, q.around].filter(Boolean).length <= 1, {
    message: "send at most one of before, after, from and around",
  });
export type HistoryQuery = z.output<typeof historyQuery>;

/** Find in a room: the words to look for (PostgreSQL web-search syntax: "quoted phrase", or, -not). */
export const roomSearchQuery = z.strictObject({
  q: z.string().trim().min(1, "type something to find").max(200, "search for at most 200 characters"),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

/** A person commits a room's uncommitted work (lib/runtime/commit-room-work.ts). */
export const commitRoomBody = z.strictObject({
  message: z
    .string({ error: "write a commit message" })
    .trim()
    .min(1, "write a commit message")
    .max(10_000, "a commit message is at most 10,000 characters")
    .refine((text) => !text.includes("\0"), "a commit message cannot contain a NUL character"),
});
export type CommitRoomBody = z.infer<typeof commitRoomBody>;
