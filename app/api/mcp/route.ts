import { getPrisma } from "@/lib/db/client";
import { handleMcpRequest } from "@/lib/mcp/handle-mcp-request";
import { errorResponse } from "@/server/error-response";

/** P6: Gatehouse's MCP server (Streamable HTTP), authenticated with a personal bearer token. */
async function handler(req: Request): Promise<Response> {
  try {
    return await handleMcpRequest(await getPrisma(), req);
  } catch (error) {
    return errorResponse(error);
  }
}

export const POST = handler;
export const GET = handler;
export const DELETE = handler;
