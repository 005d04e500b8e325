-- R12: verdicts published back to GitHub. A repository's token (write-only) and its
-- choice to post findings as review comments; the check run and comments GitHub
-- assigned ids to, so a re-review updates them instead of adding new ones.
ALTER TABLE "Repository" ADD COLUMN "githubToken" TEXT;
ALTER TABLE "Repository" ADD COLUMN "publishComments" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "ForgePublication" (
    "pullRequestId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "headSha" TEXT,
    "checkRunId" BIGINT,
    "checkRunUrl" TEXT,
    "reviewId" TEXT,
    "conclusion" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "retryAt" TIMESTAMP(3),
    "error" TEXT,
    "lockedUntil" TIMESTAMP(3),
    "requestedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "publishedAt" TIMESTAMP(3),
    CONSTRAINT "ForgePublication_pkey" PRIMARY KEY ("pullRequestId")
);
ALTER TABLE "ForgePublication" ADD CONSTRAINT "ForgePublication_pullRequestId_fkey" FOREIGN KEY ("pullRequestId") REFERENCES "PullRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "ForgeComment" (
    "findingId" TEXT NOT NULL,
    "pullRequestId" TEXT NOT NULL,
    "commentId" BIGINT,
    "url" TEXT,
    "sentHash" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "ForgeComment_pkey" PRIMARY KEY ("findingId")
);
CREATE INDEX "ForgeComment_pullRequestId_idx" ON "ForgeComment"("pullRequestId");
ALTER TABLE "ForgeComment" ADD CONSTRAINT "ForgeComment_findingId_fkey" FOREIGN KEY ("findingId") REFERENCES "Finding"("id") ON DELETE CASCADE ON UPDATE CASCADE;
