/**
 * Typed errors of the domain. Code decides the HTTP status (server/error-response.ts
 * is the only place that maps them); the message is safe to show a person and
 * says what to fix.
 */
export const ERROR_STATUS = {
  /** the request is malformed (zod failures carry their field paths) */
  bad_request: 400,
  /** no session */
  unauthorized: 401,
  /** a member whose role does not allow the action */
  forbidden: 403,
  /** does not exist — or exists in a workspace the caller is not a member of */
  not_found: 404,
  /** the transition is no longer possible (e.g. an approval already decided) */
  conflict: 409,
  /** H5: the request body is over its limit (refused while streaming, never buffered whole) */
  payload_too_large: 413,
  /** H5: a state-changing request whose body is not the media type the route takes */
  unsupported_media_type: 415,
  /** well-formed but refused by a domain rule */
  unprocessable: 422,
  /** a cooldown or limit */
  too_many_requests: 429,
  /** a bug on our side; never used for user input */
  internal: 500,
  /** a dependency of the server is missing (e.g. the OS sandbox) */
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** machine-readable details, e.g. zod issues */
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export function notFound(what: string): AppError {
  return new AppError("not_found", `${what} was not found`);
}
