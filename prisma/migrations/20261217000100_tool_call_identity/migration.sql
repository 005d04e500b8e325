-- M8: a recorded tool call names the identity of the tool the guard decided on, so a resumed call runs only that tool.
ALTER TABLE "ToolCall" ADD COLUMN "toolId" TEXT;
