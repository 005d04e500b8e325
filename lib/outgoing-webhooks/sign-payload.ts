/**
 * Signing a delivery: HMAC-SHA256 over `<timestamp>.<body>` with the
 * workspace's webhook secret, sent as `X-Gatehouse-Signature: sha256=<hex>`
 * beside `X-Gatehouse-Timestamp` (seconds), so a receiver can check both who
 * sent it and that it is fresh.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export function signPayload(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** What a receiver does (and what the tests do): recompute and compare in constant time. */
export function verifySignature(secret: string, timestamp: string, body: string, signature: string): boolean {
  const expected = Buffer.from(signPayload(secret, Number(timestamp), body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
