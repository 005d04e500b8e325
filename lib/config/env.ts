/**
 * The server's configuration, read from the environment in one place and
 * validated with zod. This is the only module under `lib/` that reads
 * `process.env`; everything else asks `env()`.
 *
 * `env()` re-reads the variables it knows on each call and re-parses only when
 * one of them changed, so a test (or the embedded default writing its session
 * secret) can change a variable without a restart. `assertValidEnv()` runs at
 * start-up so a bad value stops the server with a message naming the variable.
 */
import { z } from "zod";

/** Unset and "" both mean "not given". */
const optionalText = z.preprocess((value) => (value === "" ? undefined : value), z.string().optional());

function intIn(min: number, max: number, fallback: number) {
  return z.preprocess(
    (value) => (value === undefined || value === "" ? undefined : Number(value)),
    z
      .number({ error: `must be a whole number between ${min} and ${max}` })
      .int(`must be a whole number between ${min} and ${max}`)
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`)
      .default(fallback),
  );
}

/** A colon-separated list of values (PATH style); empty entries are dropped. */
const colonList = z.preprocess(
  (value) => (typeof value === "string" ? value.split(":").map((part) => part.trim()).filter(Boolean) : []),
  z.array(z.string()),
);

/** A comma-separated list of values; empty entries are dropped. */
const commaList = z.preprocess(
  (value) => (typeof value === "string" ? value.split(",").map((part) => part.trim()).filter(Boolean) : []),
  z.array(z.string()),
);

const httpUrl = z.preprocess((value) => (value === "" ? undefined : value), z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional());

export const envSchema = z.object({
  NODE_ENV: optionalText,
  /** PostgreSQL; unset → embedded PGlite in the data directory */
  DATABASE_URL: optionalText,
  /** connections per process in the PostgreSQL pool */
  GATEHOUSE_DB_POOL: intIn(1, 500, 10),
  /** worktrees, mirrors, the embedded database, the demo repository (default `.gatehouse` beside the project) */
  GATEHOUSE_DATA_DIR: optionalText,
  NEXTAUTH_SECRET: optionalText,
  NEXTAUTH_URL: httpUrl,
  GITHUB_ID: optionalText,
  GITHUB_SECRET: optionalText,
  /** the server's own provider keys (H4: used only for the endpoints below) */
  OPENAI_API_KEY: optionalText,
  ANTHROPIC_API_KEY: optionalText,
  /** `off` keeps agent work out of the web process */
  GATEHOUSE_WORKER: z.preprocess((value) => (value === "" ? undefined : value), z.enum(["on", "off"], { error: "must be on or off" }).default("on")),
  GATEHOUSE_WORKER_CONCURRENCY: intIn(1, 256, 4),
  /** job lease length in milliseconds */
  GATEHOUSE_LEASE_MS: intIn(1_000, 3_600_000, 30_000),
  /** `1` seeds the demo on PostgreSQL too, `0` never; unset → seed on the embedded default only */
  GATEHOUSE_SEED_DEMO: z.preprocess((value) => (value === "" ? undefined : value), z.enum(["0", "1"], { error: "must be 0 or 1" }).optional()),
  /** `host` lets sandboxed commands use the host network */
  GATEHOUSE_SANDBOX_NETWORK: z.preprocess((value) => (value === "" ? undefined : value), z.enum(["none", "host"], { error: "must be none or host" }).default("none")),
  /**
   * H1: the unprivileged host user sandboxed processes run as when the server
   * itself runs as root (a server that is not root sandboxes as itself)
   */
  GATEHOUSE_SANDBOX_UID: intIn(1, 2_147_483_646, 61_000),
  GATEHOUSE_SANDBOX_GID: intIn(1, 2_147_483_646, 61_000),
  /**
   * H3: folders on the server repositories may be registered from (colon-separated).
   * None → no host paths, except the demo folder on the embedded default.
   */
  GATEHOUSE_REPOSITORY_ROOTS: colonList,
  /**
   * H3: git hosts (comma-separated host[:port]) a remote URL may name although they are
   * plain http or a loopback/private address, e.g. an internal git server or a test's
   * `git http-backend` on 127.0.0.1:8080. Everything else must be a public https/ssh host.
   */
  GATEHOUSE_ALLOWED_GIT_HOSTS: commaList,
  /** model endpoints on loopback or private addresses that agents may use (comma-separated host[:port]) */
  GATEHOUSE_ALLOWED_MODEL_HOSTS: commaList,
});

export type Env = z.infer<typeof envSchema>;

const NAMES = Object.keys(envSchema.shape) as (keyof Env)[];

/** A bad value in the environment, named so the operator can fix it. */
export class EnvError extends Error {
  constructor(readonly issues: string[]) {
    super(`Gatehouse's configuration is invalid:\n${issues.map((issue) => `  - ${issue}`).join("\n")}`);
    this.name = "EnvError";
  }
}

let cached: { key: string; env: Env } | null = null;

function snapshot(): Record<string, string | undefined> {
  const raw: Record<string, string | undefined> = {};
  for (const name of NAMES) raw[name] = process.env[name];
  return raw;
}

/** The validated configuration; throws EnvError naming every bad variable. */
export function env(): Env {
  const raw = snapshot();
  const key = JSON.stringify(raw);
  if (cached?.key === key) return cached.env;
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  cached = { key, env: parsed.data };
  return parsed.data;
}

/** Start-up check: fail fast with every problem at once. */
export function assertValidEnv(): Env {
  return env();
}

/**
 * The embedded default writes a generated session secret where next-auth reads
 * it; the one write to the environment Gatehouse makes.
 */
export function setGeneratedAuthSecret(secret: string): void {
  process.env.NEXTAUTH_SECRET = secret;
}

/** Whatever the current working directory is: the default home of the data directory. */
export function workingDirectory(): string {
  return process.cwd();
}
