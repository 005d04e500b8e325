/**
 * A fetch whose every request is an HTTP client span (OpenTelemetry's HTTP
 * conventions) under the span at work, so a publish's calls to GitHub show in
 * the trace of the webhook delivery that led to them (issue 23). The URL is
 * recorded without its query string: only where the request went, never what
 * a caller put in it. With tracing off it is the inner fetch, called directly.
 */
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { tracingOn, withSpan } from "./context";

export function tracedFetch(inner: typeof fetch): typeof fetch {
  return (input, init) => {
    if (!tracingOn()) return inner(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const attributes = {
      "http.request.method": method,
      "url.full": `${url.origin}${url.pathname}`,
      "server.address": url.hostname,
      "server.port": Number(url.port || (url.protocol === "https:" ? 443 : 80)),
    };
    return withSpan(
      method,
      attributes,
      async (span) => {
        const response = await inner(input, init);
        span?.setAttribute("http.response.status_code", response.status);
        if (response.status >= 400) span?.setStatus({ code: SpanStatusCode.ERROR, message: String(response.status) });
        return response;
      },
      undefined,
      SpanKind.CLIENT,
    );
  };
}
