/** Placeholder replaced below. */
export function traceCarrier(): { traceparent?: string } {
  return {};
}
