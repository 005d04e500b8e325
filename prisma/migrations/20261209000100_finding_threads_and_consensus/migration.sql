-- R10: a discussion thread per finding; R3: required confirmations per priority; "Fix with an agent" links a finding to its room.
ALTER TABLE "Workspace" ADD COLUMN "requiredConfirmations" JSONB;

ALTER TABLE "Finding" ADD COLUMN "fixRoomId" TEXT;

CREATE TABLE "FindingReply" (
    "id" TEXT NOT NULL,
    "findingId" TEXT NOT NULL,
    "author" TEXT NOT NULL,
    "authorUserId" TEXT,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FindingReply_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "FindingReply_findingId_createdAt_idx" ON "FindingReply"("findingId", "createdAt");

ALTER TABLE "Finding" ADD CONSTRAINT "Finding_fixRoomId_fkey" FOREIGN KEY ("fixRoomId") REFERENCES "Room"("id") ON DELETE SET NULL ON UPDATE CASCADE;

ALTER TABLE "FindingReply" ADD CONSTRAINT "FindingReply_findingId_fkey" FOREIGN KEY ("findingId") REFERENCES "Finding"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "FindingReply" ADD CONSTRAINT "FindingReply_authorUserId_fkey" FOREIGN KEY ("authorUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
