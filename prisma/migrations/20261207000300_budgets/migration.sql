-- O6: runs record model usage and the project whose budget they spend; reaching a
-- limit raises a "budget" item in the inbox.
ALTER TYPE "ApprovalKind" ADD VALUE 'budget';
ALTER TABLE "Run" ADD COLUMN "projectId" TEXT;
ALTER TABLE "Run" ADD COLUMN "inputTokens" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Run" ADD COLUMN "outputTokens" INTEGER NOT NULL DEFAULT 0;
CREATE INDEX "Run_projectId_idx" ON "Run"("projectId");
ALTER TABLE "Run" ADD CONSTRAINT "Run_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE SET NULL ON UPDATE CASCADE;
