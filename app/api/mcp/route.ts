import { getPrisma } from "@/lib/db/client";
import { handleMcpRequest } from "@/lib/mcp/handle-mcp-request";
import { errorResponse } from "@/server/error-response";
import { assertStorable, BODY_LIMITS, decodeUtf8, readBodyCapped } from "@/server/read-body";

/**
 * P6: Gatehouse's MCP server (Streamable HTTP), authenticated with a personal
 * bearer token — no cookies, so no same-origin check (H5). The body is read
 * with a limit while it streams (413 past it) and checked for text the
 * database refuses (400 naming the field) before the transport sees it.
 */
async function handler(req: Request): Promise<Response> {
  try {
    return await handleMcpRequest(await getPrisma(), req.method === "POST" ? await cappedCopy(req) : req);
  } catch (error) {
    return errorResponse(error);
  }
}

async function cappedCopy(req: Request): Promise<Request> {
  const bytes = await readBodyCapped(req, BODY_LIMITS.mcp);
  let message: unknown;
  try {
    message = JSON.parse(decodeUtf8(bytes));
  } catch {
    message = undefined; // not JSON: the transport answers with JSON-RPC's parse error
  }
  assertStorable(message);
  return new Request(req.url, { method: req.method, headers: req.headers, body: bytes });
}

export const POST = handler;
export const GET = handler;
export const DELETE = handler;
