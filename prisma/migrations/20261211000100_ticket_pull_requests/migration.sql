-- O7: a code ticket works on its own branch and ends in a pull request; it is done on a ship verdict or a person's override.
ALTER TYPE "TicketStatus" ADD VALUE 'in_review';

ALTER TABLE "Ticket" ADD COLUMN "acceptance" TEXT[] DEFAULT ARRAY[]::TEXT[];
ALTER TABLE "Ticket" ADD COLUMN "scope" TEXT[] DEFAULT ARRAY[]::TEXT[];
ALTER TABLE "Ticket" ADD COLUMN "branch" TEXT;
ALTER TABLE "Ticket" ADD COLUMN "baseSha" TEXT;
ALTER TABLE "Ticket" ADD COLUMN "pullRequestId" TEXT;
ALTER TABLE "Ticket" ADD COLUMN "verdict" TEXT;
ALTER TABLE "Ticket" ADD COLUMN "resolution" TEXT;
ALTER TABLE "Ticket" ADD COLUMN "overriddenById" TEXT;
ALTER TABLE "Ticket" ADD COLUMN "overriddenBy" TEXT;
ALTER TABLE "Ticket" ADD COLUMN "overrideReason" TEXT;
ALTER TABLE "Ticket" ADD COLUMN "overriddenAt" TIMESTAMP(3);
CREATE UNIQUE INDEX "Ticket_pullRequestId_key" ON "Ticket"("pullRequestId");

-- O7, P3: the repository and base branch a project's tickets branch from and open pull requests against.
ALTER TABLE "Project" ADD COLUMN "repositoryId" TEXT;
ALTER TABLE "Project" ADD COLUMN "baseBranch" TEXT;
