-- Fair share across workspaces and review capacity of its own: whose work a job is, and its lane.
ALTER TABLE "Job" ADD COLUMN "workspaceId" TEXT;
ALTER TABLE "Job" ADD COLUMN "lane" TEXT NOT NULL DEFAULT 'general';
CREATE INDEX "Job_status_workspaceId_idx" ON "Job"("status", "workspaceId");
