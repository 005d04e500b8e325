import "server-only";
/**
 * The one place that turns errors into HTTP responses (application/problem+json).
 * User input never gets a 500: zod → 400 saying what to fix in words (the field paths in `issues`), domain refusals →
 * their code's status, Prisma unique violation → 409, missing row → 404.
 * Unknown errors are logged once here and answered without internals.
 */
import { ZodError } from "zod";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import { AppError, ERROR_STATUS, type ErrorCode } from "@/lib/errors/app-error";
import { describeIssues, fieldMessage, type IssueLike } from "@/lib/errors/issue-words";

const TITLES: Record<ErrorCode, string> = {
  bad_request: "Bad request",
  unauthorized: "Sign in required",
  forbidden: "Not allowed",
  not_found: "Not found",
  conflict: "Conflict",
  payload_too_large: "Request too large",
  unsupported_media_type: "Unsupported media type",
  unprocessable: "Refused",
  too_many_requests: "Too many requests",
  internal: "Internal error",
  unavailable: "Unavailable",
};

export function problem(code: ErrorCode, detail: string, extra?: Record<string, unknown>): Response {
  const status = ERROR_STATUS[code];
  return Response.json(
    { type: `https://gatehouse.dev/errors/${code}`, title: TITLES[code], status, code, detail, ...extra },
    { status, headers: { "content-type": "application/problem+json" } },
  );
}

export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) return problem(error.code, error.message, error.details ? { details: error.details } : undefined);
  if (error instanceof ZodError) {
    // People read `detail` and each issue's message: what to fix in their words. Programs read the paths.
    const issues = error.issues.map((i) => ({ path: i.path.join("."), message: fieldMessage(i as IssueLike) }));
    return problem("bad_request", describeIssues(error.issues as IssueLike[]), { issues });
  }
  if (isUniqueViolation(error)) return problem("conflict", "That already exists (a unique field is taken).");
  if ((error as { code?: string } | null)?.code === "P2025") return problem("not_found", "That record was not found.");
  console.error("[gatehouse] unhandled error", error instanceof Error ? error.stack : error);
  return problem("internal", "Something went wrong on our side; nothing was changed.");
}
