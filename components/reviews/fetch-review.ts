/**
 * Reading the server's refusals in the review room: a dropped finding answers
 * 422 with `{ droppedFindingId, reason }` (R4) and a refused confirmation with
 * `{ reason: "author" | "closed" }` (R3); the room shows them as what they are.
 */
import { ApiError } from "@/components/ui/fetch-json";

/** The reason code in a refusal's details (`author`, `closed`, …), if any. */
export function refusalReason(error: unknown): string | null {
  return error instanceof ApiError && typeof error.details?.reason === "string" ? error.details.reason : null;
}

/** A person's message for any failure: the server's words, or a network hint. */
export function errorMessage(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiError) return error.message;
  return "The server could not be reached. Check your connection and try again.";
}
