-- Issue 24: worker hosts. A room records the host whose disk holds its worktree and the work
-- it last pushed as refs, so another host can rebuild it when that host dies.
ALTER TABLE "Room" ADD COLUMN "hostId" TEXT;
ALTER TABLE "Room" ADD COLUMN "workHead" TEXT;
ALTER TABLE "Room" ADD COLUMN "workCommit" TEXT;
ALTER TABLE "Room" ADD COLUMN "workPushedAt" TIMESTAMP(3);

CREATE TABLE "Host" (
    "id" TEXT NOT NULL,
    "dataDir" TEXT NOT NULL,
    "slots" INTEGER NOT NULL,
    "slotsInUse" INTEGER NOT NULL DEFAULT 0,
    "jobsRunning" INTEGER NOT NULL DEFAULT 0,
    "sandbox" TEXT,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heartbeatAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Host_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "HostMirror" (
    "hostId" TEXT NOT NULL,
    "repositoryId" TEXT NOT NULL,
    "fetchedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "HostMirror_pkey" PRIMARY KEY ("hostId","repositoryId")
);
ALTER TABLE "HostMirror" ADD CONSTRAINT "HostMirror_hostId_fkey" FOREIGN KEY ("hostId") REFERENCES "Host"("id") ON DELETE CASCADE ON UPDATE CASCADE;
