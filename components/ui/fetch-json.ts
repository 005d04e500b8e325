/**
 * Client-side fetch for our API: JSON in, JSON out; a problem+json answer
 * becomes an ApiError carrying the server's message, so forms can show it.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: { path: string; message: string }[],
    /** the problem's machine-readable details, e.g. `{ reason: "author" }` for a refused confirmation */
    readonly details: Record<string, unknown> | null = null,
  ) {
    super(message);
  }
}

export async function fetchJson<T>(url: string, init?: RequestInit & { json?: unknown }): Promise<T> {
  const { json, ...rest } = init ?? {};
  const response = await fetch(url, {
    ...rest,
    headers: { accept: "application/json", ...(json !== undefined ? { "content-type": "application/json" } : {}), ...rest.headers },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await response.text();
  let body: { detail?: string; details?: unknown; issues?: { path: string; message: string }[] } | null = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // A proxy's HTML error page: report the status, not a parse error.
  }
  if (!response.ok) {
    const details = body?.details && typeof body.details === "object" ? (body.details as Record<string, unknown>) : null;
    throw new ApiError(response.status, body?.detail ?? `Request failed (${response.status})`, body?.issues, details);
  }
  return body as T;
}
