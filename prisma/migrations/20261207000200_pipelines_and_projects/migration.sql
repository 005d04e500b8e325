-- O5, O6: a project groups an approved proposal's tickets and carries its budget.
CREATE TABLE "Project" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "maxRuns" INTEGER,
    "maxMinutes" INTEGER,
    "maxTokens" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Project_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "Project_workspaceId_idx" ON "Project"("workspaceId");
ALTER TABLE "Project" ADD CONSTRAINT "Project_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- S2, S3: an orchestration is a pipeline with pause/resume/cancel; its tickets are steps.
ALTER TABLE "Orchestration" ADD COLUMN "projectId" TEXT;
ALTER TABLE "Orchestration" ADD COLUMN "pausedReason" TEXT;
CREATE UNIQUE INDEX "Orchestration_projectId_key" ON "Orchestration"("projectId");
ALTER TABLE "Orchestration" ADD CONSTRAINT "Orchestration_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE SET NULL ON UPDATE CASCADE;

ALTER TABLE "Ticket" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'agent';
ALTER TABLE "Ticket" ADD COLUMN "agentId" TEXT;
ALTER TABLE "Ticket" ADD COLUMN "projectId" TEXT;
ALTER TABLE "Ticket" ADD COLUMN "extras" JSONB;
ALTER TABLE "Ticket" ADD COLUMN "opensRoom" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Ticket" ADD COLUMN "stepRoomId" TEXT;
CREATE INDEX "Ticket_projectId_idx" ON "Ticket"("projectId");
ALTER TABLE "Ticket" ADD CONSTRAINT "Ticket_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Ticket" ADD CONSTRAINT "Ticket_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE SET NULL ON UPDATE CASCADE;
