-- R9: GitHub shares one delivery id among every webhook subscribed to an event, so a
-- delivery is deduplicated per receiving repository registration, not globally.
ALTER TABLE "WebhookDelivery" ADD COLUMN "repositoryId" TEXT NOT NULL DEFAULT '';
ALTER TABLE "WebhookDelivery" ALTER COLUMN "repositoryId" DROP DEFAULT;
ALTER TABLE "WebhookDelivery" DROP CONSTRAINT "WebhookDelivery_pkey";
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id", "repositoryId");

-- R9: late deliveries never move a pull request back; its state changes are attributed.
ALTER TABLE "PullRequest" ADD COLUMN "forgeUpdatedAt" TIMESTAMP(3);
ALTER TABLE "PullRequest" ADD COLUMN "stateChangedAt" TIMESTAMP(3);
ALTER TABLE "PullRequest" ADD COLUMN "stateChangedBy" TEXT;
