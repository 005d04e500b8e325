/**
 * R9: verify GitHub's `X-Hub-Signature-256` header over the RAW
 * request body. The body must be the exact bytes received: re-serialized
 * JSON differs in spacing and key order and would never verify.
 *
 * The comparison is constant-time (`timingSafeEqual`) over the 32 digest
 * bytes, so response timing does not reveal how much of a forged signature
 * was right. Every malformed input is a plain `false`; nothing throws.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const HEADER = /^sha256=([0-9a-fA-F]{64})$/;

/** The raw body as received: a string (UTF-8), a Buffer or any byte array. */
export type RawBody = string | Uint8Array;

/**
 * True only if `signatureHeader` is `sha256=<64 hex>` and equals
 * HMAC-SHA256(secret, rawBody). False for a missing or empty secret (an
 * unconfigured webhook must not accept everything), a missing, repeated
 * (array) or malformed header, and any mismatch.
 */
export function verifySignature(
  rawBody: RawBody,
  signatureHeader: string | readonly string[] | null | undefined,
  secret: string,
): boolean {
  try {
    if (typeof secret !== "string" || secret.length === 0) return false;
    if (typeof signatureHeader !== "string") return false;
    const match = HEADER.exec(signatureHeader.trim());
    if (!match || match[1] === undefined) return false;
    const given = Buffer.from(match[1], "hex");
    const expected = createHmac("sha256", secret).update(toBytes(rawBody)).digest();
    // Both are 32 bytes by construction; the check keeps timingSafeEqual from throwing.
    if (given.length !== expected.length) return false;
    return timingSafeEqual(given, expected);
  } catch {
    return false;
  }
}

/** `sha256=<hex>` for a body, as GitHub would send it (for tests and local webhook simulation). */
export function signPayload(rawBody: RawBody, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(toBytes(rawBody)).digest("hex")}`;
}

function toBytes(body: RawBody): Buffer {
  if (typeof body === "string") return Buffer.from(body, "utf8");
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}
