-- A team's daily tool: invitations with a role and an expiry, per-person notification
-- choices, the inbox's unread mark, and a workspace's outgoing webhook.
ALTER TABLE "User" ADD COLUMN "notifyApprovals" BOOLEAN NOT NULL DEFAULT true,
  ADD COLUMN "notifyVerdicts" BOOLEAN NOT NULL DEFAULT true,
  ADD COLUMN "notifyMentions" BOOLEAN NOT NULL DEFAULT true;

ALTER TABLE "Workspace" ADD COLUMN "webhookUrl" TEXT, ADD COLUMN "webhookSecret" TEXT;

ALTER TABLE "Membership" ADD COLUMN "inboxSeenAt" TIMESTAMP(3);

CREATE TABLE "Invite" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "email" TEXT,
    "role" "Role" NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "acceptedAt" TIMESTAMP(3),
    "acceptedById" TEXT,
    "revokedAt" TIMESTAMP(3),
    CONSTRAINT "Invite_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Invite_tokenHash_key" ON "Invite"("tokenHash");
CREATE INDEX "Invite_workspaceId_createdAt_idx" ON "Invite"("workspaceId", "createdAt");
ALTER TABLE "Invite" ADD CONSTRAINT "Invite_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "Workspace" ADD COLUMN "webhookAfterEventId" BIGINT;

CREATE TABLE "OutgoingWebhookDelivery" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "eventId" BIGINT NOT NULL,
    "type" TEXT NOT NULL,
    "status" INTEGER,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OutgoingWebhookDelivery_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "OutgoingWebhookDelivery_workspaceId_eventId_key" ON "OutgoingWebhookDelivery"("workspaceId", "eventId");
ALTER TABLE "OutgoingWebhookDelivery" ADD CONSTRAINT "OutgoingWebhookDelivery_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
