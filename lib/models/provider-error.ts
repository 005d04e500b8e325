/**
 * Turns whatever a provider call failed with into one Error the harness can
 * show a person: what was called, the HTTP status and a short reason in our
 * own words — never the endpoint's response body (H4: an endpoint is not
 * trusted to write into runs, conversations or API answers) — and no secrets.
 */
import { STATUS_CODES } from "node:http";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { APICallError, LoadAPIKeyError, RetryError } from "ai";
import { BlockedDestinationError } from "../net/guarded-fetch";
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
  if (status >= 500) return " (the provider had a problem; try again later)";
  return "";
}

/**
 * A connection failure is described from our side of the socket (the SDK's
 * "Cannot connect to API: connect ECONNREFUSED …"); nothing the endpoint sent.
 */
function connectionReason(error: APICallError): string {
  return error.message.slice(0, 200);
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
        ? `${who} failed${tries}: HTTP ${statusCode}${STATUS_CODES[statusCode] ? ` ${STATUS_CODES[statusCode]}` : ""} from ${cause.url}${hintFor(statusCode)}`
        : `${who} could not be reached${tries} at ${cause.url}: ${connectionReason(cause)}`;
  } else if (cause instanceof BlockedDestinationError) {
    message = `${who} was not contacted: ${cause.message}`;
  } else if (LoadAPIKeyError.isInstance(cause)) {
    message = `${who} has no API key: ${cause.message}`;
  } else {
    // An error event inside the stream, or an answer that could not be parsed: both carry the
    // endpoint's own text, so only the fact is reported.
    message = `${who} failed${tries}: the provider reported an error or sent an answer that could not be read`;
  }
  return new ModelProviderError(redactSecrets(message), { statusCode, retryable });
}
