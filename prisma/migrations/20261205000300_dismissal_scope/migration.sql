-- R10: dismissals carry a scope (this finding, or this rule in a path) and an optional expiry.
ALTER TABLE "Finding" ADD COLUMN "dismissedUntil" TIMESTAMP(3);

CREATE TABLE "Dismissal" (
    "id" TEXT NOT NULL,
    "repositoryId" TEXT NOT NULL,
    "kind" "FindingKind" NOT NULL,
    "titleKey" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "pathPrefix" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3),
    "findingId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Dismissal_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "Dismissal_repositoryId_kind_titleKey_idx" ON "Dismissal"("repositoryId", "kind", "titleKey");

ALTER TABLE "Dismissal" ADD CONSTRAINT "Dismissal_repositoryId_fkey" FOREIGN KEY ("repositoryId") REFERENCES "Repository"("id") ON DELETE CASCADE ON UPDATE CASCADE;
