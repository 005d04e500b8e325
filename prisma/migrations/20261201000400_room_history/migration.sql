-- Long-lived rooms: a conversation's history is read page by page along the keyset
-- (createdAt, id) of its messages and runs, newest first, so every page is an index scan
-- however long the room has lived.
DROP INDEX "Message_conversationId_createdAt_idx";
CREATE INDEX "Message_conversationId_createdAt_id_idx" ON "Message"("conversationId", "createdAt", "id");
CREATE INDEX "Message_runId_idx" ON "Message"("runId");
CREATE INDEX "Run_conversationId_createdAt_id_idx" ON "Run"("conversationId", "createdAt", "id");
CREATE INDEX "Run_triggerMessageId_idx" ON "Run"("triggerMessageId");

-- Find in a room: full-text search over messages and tool calls. Expression indexes,
-- which the schema language cannot state; lib/rooms/search-room.ts queries exactly these
-- expressions (a different expression would not use the index), and the schema test
-- checks that both exist. Text is capped so one huge message cannot exceed tsvector's
-- 1 MB limit; in tool calls, path and identifier punctuation becomes spaces so a
-- search for "pricing" finds "src/pricing.ts".
CREATE INDEX "Message_search_idx" ON "Message" USING GIN (to_tsvector('english'::regconfig, left("content", 100000)));
CREATE INDEX "ToolCall_search_idx" ON "ToolCall" USING GIN (
  to_tsvector('english'::regconfig, "tool" || ' ' || translate(left("args"::text || ' ' || coalesce("result"::text, ''), 100000), '/._-:"{}[],\', '            '))
);
