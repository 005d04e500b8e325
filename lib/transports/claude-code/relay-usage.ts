/**
 * O6: the tokens one Messages API response used, read by the relay from the
 * response itself as it streams through (the CLI's own report is not needed,
 * nor trusted). Pure. A streamed response reports input tokens in
 * `message_start` and the final output tokens in `message_delta`; a JSON one
 * in its `usage`. Cache reads and writes count as input: they are tokens the
 * endpoint bills.
 */

export interface RelayUsage {
  inputTokens: number;
  outputTokens: number;
}

interface Usage {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
}

/** A JSON answer larger than this is not parsed for usage (the Messages API's answers are far smaller). */
const MAX_JSON_BYTES = 8 * 1024 * 1024;

const count = (n: unknown) => (typeof n === "number" && Number.isFinite(n) && n > 0 ? Math.trunc(n) : 0);
const inputOf = (u: Usage) => count(u.input_tokens) + count(u.cache_creation_input_tokens) + count(u.cache_read_input_tokens);

export function usageCounter(contentType: string): { add(chunk: Buffer): void; total(): RelayUsage } {
  const streamed = contentType.includes("text/event-stream");
  let inputTokens = 0;
  let outputTokens = 0;
  let line = "";
  const json: Buffer[] = [];
  let jsonBytes = 0;

  const onEvent = (data: string) => {
    let event: { type?: string; message?: { usage?: Usage }; usage?: Usage };
    try {
      event = JSON.parse(data) as typeof event;
    } catch {
      return;
    }
    if (event.type === "message_start" && event.message?.usage) {
      inputTokens = Math.max(inputTokens, inputOf(event.message.usage));
      outputTokens = Math.max(outputTokens, count(event.message.usage.output_tokens));
    }
    if (event.type === "message_delta" && event.usage) {
      // message_delta's counts are cumulative for the message.
      outputTokens = Math.max(outputTokens, count(event.usage.output_tokens));
      inputTokens = Math.max(inputTokens, inputOf(event.usage));
    }
  };

  return {
    add(chunk) {
      if (!streamed) {
        jsonBytes += chunk.length;
        if (jsonBytes <= MAX_JSON_BYTES) json.push(chunk);
        return;
      }
      line += chunk.toString("utf8");
      let end: number;
      while ((end = line.indexOf("\n")) >= 0) {
        const current = line.slice(0, end).replace(/\r$/, "");
        line = line.slice(end + 1);
        if (current.startsWith("data:")) onEvent(current.slice(5).trim());
      }
    },
    total() {
      if (!streamed && jsonBytes <= MAX_JSON_BYTES && json.length > 0) {
        try {
          const usage = (JSON.parse(Buffer.concat(json).toString("utf8")) as { usage?: Usage }).usage;
          if (usage) return { inputTokens: inputOf(usage), outputTokens: count(usage.output_tokens) };
        } catch {
          // not JSON: nothing to count
        }
      }
      return { inputTokens, outputTokens };
    },
  };
}
