/**
 * Wraps a provider model so no error it produces can carry its API key:
 * neither errors thrown by doGenerate/doStream nor `error` parts inside a
 * stream. Done at the model (which knows the key) rather than in streamTurn
 * (which does not), and before the AI SDK's retry logic sees the error, so
 * redacted APICallErrors stay APICallErrors and are still retried.
 */
import type { LanguageModelV3, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { APICallError, wrapLanguageModel } from "ai";
import { redactSecrets } from "./redact";

export function scrubError(error: unknown, secrets: readonly string[]): unknown {
  const scrub = (text: string) => redactSecrets(text, secrets);
  if (APICallError.isInstance(error)) {
    // `data` and `cause` are dropped: they are parsed copies of what is scrubbed here.
    return new APICallError({
      message: scrub(error.message),
      url: scrub(error.url),
      requestBodyValues: error.requestBodyValues,
      statusCode: error.statusCode,
      responseHeaders: error.responseHeaders,
      responseBody: error.responseBody === undefined ? undefined : scrub(error.responseBody),
      isRetryable: error.isRetryable,
    });
  }
  if (error instanceof Error) {
    const message = scrub(error.message);
    if (message === error.message) return error; // keep identity (AbortError, etc.) when nothing leaked
    const clean = new Error(message);
    clean.name = error.name;
    return clean;
  }
  if (typeof error === "string") return scrub(error);
  // Mid-stream provider errors arrive as plain JSON payloads ({ message, type }).
  if (typeof error === "object" && error !== null) {
    try {
      return JSON.parse(scrub(JSON.stringify(error))) as unknown;
    } catch {
      return scrub(String(error));
    }
  }
  return error;
}

function scrubStream(
  source: ReadableStream<LanguageModelV3StreamPart>,
  secrets: readonly string[],
): ReadableStream<LanguageModelV3StreamPart> {
  const reader = source.getReader();
  return new ReadableStream<LanguageModelV3StreamPart>({
    async pull(controller) {
      try {
        const next = await reader.read();
        if (next.done) return controller.close();
        const part = next.value;
        controller.enqueue(part.type === "error" ? { ...part, error: scrubError(part.error, secrets) } : part);
      } catch (error) {
        controller.error(scrubError(error, secrets));
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

export function withSecretsRedacted(model: LanguageModelV3, secrets: readonly (string | undefined)[]): LanguageModelV3 {
  const known = secrets.filter((s): s is string => s !== undefined && s.length > 0);
  return wrapLanguageModel({
    model,
    middleware: {
      specificationVersion: "v3",
      async wrapGenerate({ doGenerate }) {
        try {
          return await doGenerate();
        } catch (error) {
          throw scrubError(error, known);
        }
      },
      async wrapStream({ doStream }) {
        try {
          const result = await doStream();
          return { ...result, stream: scrubStream(result.stream, known) };
        } catch (error) {
          throw scrubError(error, known);
        }
      },
    },
  });
}
