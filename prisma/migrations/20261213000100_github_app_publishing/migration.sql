-- R12: a repository's GitHub App installation (when set by a person) and what a hold verdict publishes as.
ALTER TABLE "Repository" ADD COLUMN "githubInstallationId" BIGINT;
ALTER TABLE "Repository" ADD COLUMN "publishHoldAs" TEXT NOT NULL DEFAULT 'neutral';
