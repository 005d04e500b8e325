import "server-only";
/**
 * H4: the key sent to an agent's endpoint — its own, the workspace's, or the
 * server's only when the endpoint is the server's own base URL — or the reason
 * there is none. The built-in harness and the Claude Code transport both ask here.
 */
import { sameEndpoint, serverEndpoint, type KeyedProvider } from "./server-endpoints";

export function keyFor(agent: { name: string; apiKey: string | null; provider: KeyedProvider }, baseUrl: string, workspaceKey: string | undefined): string | undefined {
  const own = agent.apiKey ?? workspaceKey;
  if (own) return own;
  const server = serverEndpoint(agent.provider);
  if (sameEndpoint(baseUrl, server.baseUrl)) return server.apiKey;
  if (agent.provider === "anthropic") {
    throw new Error(
      `Agent "${agent.name}" uses the Anthropic endpoint ${baseUrl}, which is not the server's (${server.baseUrl}), and has no API key of its own. ` +
        `The server's ${server.keyName} is sent only to ${server.baseUrl}; add a key to the agent in the workspace settings.`,
    );
  }
  return undefined;
}
