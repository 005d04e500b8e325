import "server-only";
/**
 * H4: the server's own provider keys belong to the endpoints the operator
 * configured them for (OPENAI_BASE_URL, ANTHROPIC_BASE_URL) and to no other.
 * An agent that names another base URL brings its own key (the agent's, or the
 * workspace's model settings).
 */
import { env } from "../config/env";

export type KeyedProvider = "openai_compatible" | "anthropic";

/** The endpoint the server's key for `provider` is for. */
export function serverEndpoint(provider: KeyedProvider): { baseUrl: string; apiKey: string | undefined; keyName: string } {
  const config = env();
  return provider === "anthropic"
    ? { baseUrl: config.ANTHROPIC_BASE_URL, apiKey: config.ANTHROPIC_API_KEY, keyName: "ANTHROPIC_API_KEY" }
    : { baseUrl: config.OPENAI_BASE_URL, apiKey: config.OPENAI_API_KEY, keyName: "OPENAI_API_KEY" };
}

/** Canonical form for comparing base URLs: the URL parser's, without trailing slashes. */
function canonical(url: string): string | null {
  try {
    const parsed = new URL(url);
    parsed.pathname = parsed.pathname.replace(/\/+$/, "");
    return parsed.href.replace(/\/+$/, "");
  } catch {
    return null;
  }
}

/** Exactly the same endpoint: scheme, user info, host, port, path, query. */
export function sameEndpoint(a: string, b: string): boolean {
  const left = canonical(a);
  return left !== null && left === canonical(b);
}

/** What the agent form tells people up front: where the server's keys go (never the keys). */
export interface ServerEndpointsView {
  openai_compatible: { baseUrl: string; hasKey: boolean };
  anthropic: { baseUrl: string; hasKey: boolean };
}

export function serverEndpointsView(): ServerEndpointsView {
  const view = (provider: KeyedProvider) => {
    const { baseUrl, apiKey } = serverEndpoint(provider);
    return { baseUrl, hasKey: apiKey !== undefined };
  };
  return { openai_compatible: view("openai_compatible"), anthropic: view("anthropic") };
}
