-- R11: a review that did not read the whole diff holds until a person accepts the gap;
-- the acceptance is recorded per head, with the person and their reason.
ALTER TABLE "PullRequest" ADD COLUMN "gapAcceptedSha" TEXT;
ALTER TABLE "PullRequest" ADD COLUMN "gapAcceptedBy" TEXT;
ALTER TABLE "PullRequest" ADD COLUMN "gapAcceptedReason" TEXT;
ALTER TABLE "PullRequest" ADD COLUMN "gapAcceptedAt" TIMESTAMP(3);
