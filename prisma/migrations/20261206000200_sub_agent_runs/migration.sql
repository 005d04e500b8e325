-- A6, A8: a sub-agent's run points at the run and delegate call it answers, with its depth and tool ceiling.
ALTER TABLE "Run" ADD COLUMN "parentRunId" TEXT,
ADD COLUMN "parentCallId" TEXT,
ADD COLUMN "depth" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "ceiling" JSONB;

CREATE UNIQUE INDEX "Run_parentRunId_parentCallId_key" ON "Run"("parentRunId", "parentCallId");

ALTER TABLE "Run" ADD CONSTRAINT "Run_parentRunId_fkey" FOREIGN KEY ("parentRunId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;
