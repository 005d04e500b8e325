import "server-only";
/**
 * P6: personal MCP tokens. A token is 32 random bytes behind a recognizable
 * prefix (so secret scanners and people can tell what leaked); only its
 * sha256 is stored, and the token itself is shown once when it is created.
 */
import { createHash, randomBytes } from "node:crypto";

export const MCP_TOKEN_PREFIX = "gh_mcp_";

export function generateMcpToken(): { token: string; tokenHash: string } {
  const token = `${MCP_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { token, tokenHash: hashMcpToken(token) };
}

/** sha256 hex: tokens are random, so a fast hash is enough (no password stretching needed). */
export function hashMcpToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
