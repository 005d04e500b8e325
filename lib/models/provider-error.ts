/**
 * Turns whatever a provider call failed with into one Error the harness can
 * show a person: what was called, what came back, and no secrets.
 */
import { getErrorMessage, type LanguageModelV3 } from "@ai-sdk/provider";
import { APICallError, LoadAPIKeyError, RetryError } from "ai";
import { redactSecrets } from "./redact";

export class ModelProviderError extends Error {
  /** HTTP status when the provider answered, undefined when it could not be reached */
  readonly statusCode: number | undefined;
  /** true when trying again later may succeed (429, 5xx, connection failures) */
  readonly retryable: boolean;

  constructor(message: string, options: { statusCode?: number; retryable?: boolean } = {}) {
    super(message);
    this.name = "ModelProviderError";
    this.statusCode = options.statusCode;
    this.retryable = options.retryable ?? false;
  }
}

function hintFor(status: number): string {
  if (status === 401 || status === 403) return " (check the API key configured for this model)";
  if (status === 404) return " (check the base URL and model name)";
  if (status === 429) return " (rate limited; try again later)";
  return "";
}

/** Mid-stream errors are often the provider's JSON payload, e.g. { message, type }. */
function describe(cause: unknown): string {
  if (typeof cause === "object" && cause !== null && !(cause instanceof Error)) {
    const { message, type } = cause as { message?: unknown; type?: unknown };
    if (typeof message === "string") return typeof type === "string" ? `${message} (${type})` : message;
  }
  return getErrorMessage(cause);
}

export function toModelProviderError(error: unknown, model: LanguageModelV3): ModelProviderError {
  if (error instanceof ModelProviderError) return error;
  const who = `Model provider ${model.provider} (model "${model.modelId}")`;
  // The SDK retries retryable failures and then wraps them; the last one is the telling one.
  const attempts = RetryError.isInstance(error) ? error.errors.length : 1;
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  const tries = attempts > 1 ? ` after ${attempts} attempts` : "";

  let message: string;
  let statusCode: number | undefined;
  let retryable = false;
  if (APICallError.isInstance(cause)) {
    statusCode = cause.statusCode;
    retryable = cause.isRetryable;
    message =
      statusCode !== undefined
        ? `${who} failed${tries}: HTTP ${statusCode} from ${cause.url}: ${cause.message}${hintFor(statusCode)}`
        : `${who} could not be reached${tries} at ${cause.url}: ${cause.message}`;
  } else if (LoadAPIKeyError.isInstance(cause)) {
    message = `${who} has no API key: ${cause.message}`;
  } else {
    message = `${who} failed${tries}: ${describe(cause)}`;
  }
  return new ModelProviderError(redactSecrets(message), { statusCode, retryable });
}
