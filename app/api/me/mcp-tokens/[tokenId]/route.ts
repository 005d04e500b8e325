import { revokeMcpToken } from "@/lib/mcp/revoke-mcp-token";
import { withUser } from "@/server/with-workspace";

/** P6: revoke one of your MCP tokens; it stops working at once. */
export const DELETE = withUser<{ tokenId: string }>(async ({ prisma, user, params }) => {
  await revokeMcpToken(prisma, user.id, params.tokenId);
  return new Response(null, { status: 204 });
});
