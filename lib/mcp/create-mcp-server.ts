import "server-only";
/**
 * P6: Gatehouse's MCP server for one authenticated person. It has exactly the
 * tools listed in MCP_TOOLS. O3: there is deliberately no tool that approves
 * plans or orchestration proposals — tests/db/mcp-server.test.ts lists the
 * tools over a real client and proves it.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { AppError } from "../errors/app-error";
import type { McpUser } from "./authenticate-mcp-token";
import type { PrismaClient } from "../db/generated/client";
import { decideApprovalTool } from "./tools/decide-approval";
import { getPlanTool } from "./tools/get-plan";
import { listApprovalsTool } from "./tools/list-approvals";
import type { McpTool } from "./tools/types";

export const MCP_TOOLS: readonly McpTool[] = [listApprovalsTool, getPlanTool, decideApprovalTool] as unknown as McpTool[];

export function createMcpServer(prisma: PrismaClient, user: McpUser): McpServer {
  const server = new McpServer({ name: "gatehouse", version: "0.1.0" }, { capabilities: { tools: {} } });
  for (const tool of MCP_TOOLS) {
    server.registerTool(tool.name, { title: tool.title, description: tool.description, inputSchema: tool.input }, async (args: unknown) => {
      try {
        const result = await tool.run({ prisma, user }, args as never);
        return { content: [{ type: "text" as const, text: JSON.stringify(result, null, 2) }] };
      } catch (error) {
        // The SDK turns a thrown error into an isError result with its message; only our own messages are safe to show.
        if (error instanceof AppError) throw error;
        console.error(`[gatehouse] MCP tool ${tool.name} failed`, error);
        throw new Error("Something went wrong on our side; nothing was changed.");
      }
    });
  }
  return server;
}
