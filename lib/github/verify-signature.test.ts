import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createHmac } from "node:crypto";
import { signPayload, verifySignature } from "./verify-signature";

const secret = "It's a Secret to Everybody";
// GitHub's documented example: https://docs.github.com/en/webhooks/using-webhooks/validating-webhook-deliveries
const body = "Hello, World!";
const documented = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";

describe("verify-signature (R9)", () => {
  it("R9: accepts GitHub's documented example signature over the raw body", () => {
    expect(verifySignature(body, documented, secret)).toBe(true);
    expect(signPayload(body, secret)).toBe(documented);
  });

  it("R9: accepts Buffer and Uint8Array bodies, including a Buffer slice of a larger pool", () => {
    const pooled = Buffer.concat([Buffer.from("xxxx"), Buffer.from(body)]).subarray(4);
    expect(verifySignature(pooled, documented, secret)).toBe(true);
    expect(verifySignature(new TextEncoder().encode(body), documented, secret)).toBe(true);
  });

  it("R9: accepts an upper-case hex digest and surrounding whitespace", () => {
    expect(verifySignature(body, `  sha256=${documented.slice(7).toUpperCase()} `, secret)).toBe(true);
  });

  it("R9: a bad signature is refused", () => {
    expect(verifySignature(body, documented.replace(/.$/, "0"), secret)).toBe(false);
    expect(verifySignature(`${body} `, documented, secret)).toBe(false);
    expect(verifySignature(body, documented, "another secret")).toBe(false);
  });

  it("R9: re-serialized JSON does not verify (the raw body is what counts)", () => {
    const raw = '{"action": "opened",  "number": 1}';
    const sig = signPayload(raw, secret);
    expect(verifySignature(JSON.stringify(JSON.parse(raw)), sig, secret)).toBe(false);
  });

  it("R9: missing, malformed, wrong-algorithm, repeated or wrong-length headers are false, never a throw", () => {
    const sha1 = `sha1=${createHmac("sha1", secret).update(body).digest("hex")}`;
    for (const header of [undefined, null, "", "sha256=", "sha256=zz", sha1, documented.slice(7), `${documented}00`, documented.slice(0, -2), [documented]]) {
      expect(verifySignature(body, header, secret)).toBe(false);
    }
  });

  it("R9: an empty secret never verifies anything", () => {
    expect(verifySignature(body, signPayload(body, ""), "")).toBe(false);
  });

  it("R9: verification never throws and only the true signature passes (fast-check)", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string({ minLength: 1 }), (payload, header, key) => {
        const ok = verifySignature(payload, header, key);
        return ok === (header.trim().toLowerCase() === signPayload(payload, key));
      }),
      { numRuns: 500 },
    );
  });
});
