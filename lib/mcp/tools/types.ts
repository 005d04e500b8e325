/** An MCP tool of Gatehouse's server: one file per tool, like lib/tools (STYLE). */
import type { z } from "zod";
import type { PrismaClient } from "../../db/generated/client";
import type { McpUser } from "../authenticate-mcp-token";

export interface McpToolContext {
  prisma: PrismaClient;
  /** the token's owner; every lookup is scoped to their memberships */
  user: McpUser;
}

export interface McpTool<S extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: S;
  /** plain data, sent to the client as JSON text; throw AppError for a clear refusal */
  run(ctx: McpToolContext, args: z.output<S>): Promise<unknown>;
}

/** Keeps each tool's argument type while the server holds them in one list. */
export function defineMcpTool<S extends z.ZodObject>(tool: McpTool<S>): McpTool<S> {
  return tool;
}
