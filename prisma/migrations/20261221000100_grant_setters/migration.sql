-- H3: who set each configuration that grants access or carries a credential, so it lasts only
-- while its setter still holds the role it needs (lib/grants). Null: set before this was recorded.
ALTER TABLE "Workspace" ADD COLUMN "webhookSetById" TEXT;
ALTER TABLE "AttachedMcpServer" ADD COLUMN "createdById" TEXT;
ALTER TABLE "Repository" ADD COLUMN "webhookSecretSetById" TEXT;
ALTER TABLE "Repository" ADD COLUMN "githubTokenSetById" TEXT;
ALTER TABLE "Agent" ADD COLUMN "endpointSetById" TEXT;
