-- A pull request merged in Gatehouse records how, into which commit, over which
-- verdict, and the reason when a person overrode a verdict that was not ship.
ALTER TABLE "PullRequest" ADD COLUMN "mergeMethod" TEXT;
ALTER TABLE "PullRequest" ADD COLUMN "mergeCommitSha" TEXT;
ALTER TABLE "PullRequest" ADD COLUMN "mergeVerdict" TEXT;
ALTER TABLE "PullRequest" ADD COLUMN "mergeOverrideReason" TEXT;
