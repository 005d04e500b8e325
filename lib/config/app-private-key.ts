/**
 * R12, H4: the GitHub App's private key as the operator gives it — the PEM
 * inline (with real newlines, or `\n` escapes as .env files need) or the path
 * of the .pem file GitHub downloads — read and checked once, and normalised to
 * PKCS#8 (GitHub hands out PKCS#1, which not every JWT signer reads). A
 * problem is described without the key or the file's contents, so the
 * start-up error can be shown and logged.
 */
import { createPrivateKey } from "node:crypto";
import { readFileSync } from "node:fs";

export function readAppPrivateKey(value: string): string | { problem: string } {
  const trimmed = value.trim();
  let pem: string;
  if (trimmed.startsWith("-----BEGIN")) {
    pem = trimmed.replace(/\\n/g, "\n");
  } else if (trimmed.includes("PRIVATE KEY")) {
    return { problem: "looks like part of a PEM key: give the whole key, starting with -----BEGIN, or the path of the .pem file" };
  } else {
    try {
      pem = readFileSync(trimmed, "utf8");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "an error";
      return { problem: `is neither a PEM key nor a readable file (${code} reading the path given)` };
    }
  }
  try {
    const key = createPrivateKey({ key: pem, format: "pem" });
    if (key.asymmetricKeyType !== "rsa") return { problem: "must be an RSA private key, as GitHub generates for apps" };
    return key.export({ type: "pkcs8", format: "pem" }).toString();
  } catch {
    return { problem: "is not a readable PEM private key (GitHub's app keys begin with -----BEGIN RSA PRIVATE KEY-----)" };
  }
}
