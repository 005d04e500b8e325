-- Archived rooms and agents leave lists and pickers and start no runs; restoring clears the mark.
ALTER TABLE "Room" ADD COLUMN "archivedAt" TIMESTAMP(3);
ALTER TABLE "Room" ADD COLUMN "archivedById" TEXT;
ALTER TABLE "Agent" ADD COLUMN "archivedAt" TIMESTAMP(3);

-- R5: a failed axis keeps the end of its output (bounded, secrets scrubbed); a check run its output.
ALTER TABLE "AxisResult" ADD COLUMN "log" TEXT;

-- Notifications: pull requests opened, and reviews requested from a person.
ALTER TABLE "User" ADD COLUMN "notifyPulls" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "User" ADD COLUMN "notifyReviewRequests" BOOLEAN NOT NULL DEFAULT true;

-- R3: a person asked to review a pull request.
CREATE TABLE "ReviewRequest" (
    "pullRequestId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "requestedById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReviewRequest_pkey" PRIMARY KEY ("pullRequestId","userId")
);
CREATE INDEX "ReviewRequest_userId_idx" ON "ReviewRequest"("userId");
ALTER TABLE "ReviewRequest" ADD CONSTRAINT "ReviewRequest_pullRequestId_fkey" FOREIGN KEY ("pullRequestId") REFERENCES "PullRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ReviewRequest" ADD CONSTRAINT "ReviewRequest_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
