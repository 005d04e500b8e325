-- M7: external MCP servers a workspace attaches; their tools join the registry with a declared tier.
CREATE TABLE "AttachedMcpServer" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "tools" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AttachedMcpServer_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "AttachedMcpServer_workspaceId_name_key" ON "AttachedMcpServer"("workspaceId", "name");

ALTER TABLE "AttachedMcpServer" ADD CONSTRAINT "AttachedMcpServer_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
