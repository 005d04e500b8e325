-- R9: the newest state GitHub reported for a pull request, by GitHub's clock, and the version a pull request matches.
CREATE TABLE "GithubPullSnapshot" (
    "repositoryId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "forgeUpdatedAt" TIMESTAMP(3) NOT NULL,
    "action" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "baseRef" TEXT NOT NULL,
    "baseSha" TEXT NOT NULL,
    "headRef" TEXT NOT NULL,
    "headSha" TEXT NOT NULL,
    "beforeSha" TEXT,
    "seenOpen" BOOLEAN NOT NULL DEFAULT false,
    "doubt" TEXT,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GithubPullSnapshot_pkey" PRIMARY KEY ("repositoryId","number")
);
ALTER TABLE "GithubPullSnapshot" ADD CONSTRAINT "GithubPullSnapshot_repositoryId_fkey" FOREIGN KEY ("repositoryId") REFERENCES "Repository"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "PullRequest" ADD COLUMN "forgeVersion" INTEGER;

-- R12: rate limits and refusals per GitHub credential, shared by every worker.
CREATE TABLE "GithubCredentialState" (
    "key" TEXT NOT NULL,
    "holdUntil" TIMESTAMP(3),
    "holdReason" TEXT,
    "checkRunsRefusedUntil" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GithubCredentialState_pkey" PRIMARY KEY ("key")
);
