-- Declared modes (X1–X4): a workspace's mode policy as versioned JSON, the declared mode a
-- room is in (its `mode` column keeps the built-in ceiling), and the capability fingerprint
-- every run and tool-call decision was made under (G7).
ALTER TABLE "Workspace" ADD COLUMN "modePolicy" JSONB;
ALTER TABLE "Room" ADD COLUMN "declaredMode" TEXT;
ALTER TABLE "Run" ADD COLUMN "fingerprint" TEXT;
ALTER TABLE "ToolCall" ADD COLUMN "fingerprint" TEXT;

-- X4, G6: an agent's change_mode request is an approval row — cancelled within its window,
-- or durably approved when the switch widens the agent's capabilities — and remembers the
-- mode it switches to, so an approval is spent by exactly the switch it allowed.
ALTER TYPE "ApprovalKind" ADD VALUE 'mode_change';
ALTER TABLE "Approval" ADD COLUMN "targetMode" TEXT;
ALTER TABLE "Approval" ADD COLUMN "cancelBy" TIMESTAMP(3);
