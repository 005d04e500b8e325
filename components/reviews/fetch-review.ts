/**
 * fetchJson, keeping the problem's machine-readable `details`: a dropped
 * finding answers 422 with `{ droppedFindingId, reason }` (R4) and a refused
 * confirmation with `{ reason: "author" | "closed" }` (R3), and the review
 * room shows them as what they are rather than as a generic failure.
 */
import { ApiError } from "@/components/ui/fetch-json";

export class ReviewApiError extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly details: Record<string, unknown> | null,
    issues?: { path: string; message: string }[],
  ) {
    super(status, message, issues);
  }
}

export async function fetchReviewJson<T>(url: string, init?: RequestInit & { json?: unknown }): Promise<T> {
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
    body = null;
  }
  if (!response.ok) {
    const details = body?.details && typeof body.details === "object" ? (body.details as Record<string, unknown>) : null;
    throw new ReviewApiError(response.status, body?.detail ?? `Request failed (${response.status})`, details, body?.issues);
  }
  return body as T;
}

/** The reason code in a refusal's details (`author`, `closed`, …), if any. */
export function refusalReason(error: unknown): string | null {
  return error instanceof ReviewApiError && typeof error.details?.reason === "string" ? error.details.reason : null;
}

/** A person's message for any failure: the server's words, or a network hint. */
export function errorMessage(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiError) return error.message;
  return "The server could not be reached. Check your connection and try again.";
}
