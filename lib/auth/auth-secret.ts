import "server-only";
/**
 * next-auth needs a secret to sign sessions. Deployments set NEXTAUTH_SECRET;
 * the embedded default makes one on first start and keeps it in the data
 * directory, so `npm run dev` works with no setup and sessions survive restarts.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { dataDir } from "../config/data-dir";
import { env, setGeneratedAuthSecret } from "../config/env";

export function authSecret(): string {
  const configured = env().NEXTAUTH_SECRET;
  if (configured) return configured;
  const file = join(dataDir(), "auth-secret");
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  const secret = readFileSync(file, "utf8").trim();
  setGeneratedAuthSecret(secret);
  return secret;
}
