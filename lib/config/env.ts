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
import { parseHostRule } from "../net/address-policy";
import { readAppPrivateKey } from "./app-private-key";

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

/** An http(s) URL with a default; trailing slashes dropped so it compares with what agents name. */
function endpointUrl(fallback: string) {
  return z.preprocess(
    (value) => (value === undefined || value === "" ? fallback : value),
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).transform((url) => url.replace(/\/+$/, "")),
  );
}

/** H4: comma-separated `host`, `host:port`, `[ipv6]` or `[ipv6]:port` entries, each checked. */
const hostList = commaList.superRefine((entries, ctx) => {
  for (const entry of entries) {
    const rule = parseHostRule(entry);
    if (typeof rule === "string") ctx.addIssue({ code: "custom", message: rule });
  }
});

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
  /** traces: the OTLP/HTTP collector (spans go to `<url>/v1/traces`); unset, no tracing SDK is loaded */
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl,
  /** traces: the `service.name` spans are reported under */
  OTEL_SERVICE_NAME: optionalText,
  /** the server's own provider keys (H4: sent only to OPENAI_BASE_URL / ANTHROPIC_BASE_URL) */
  OPENAI_API_KEY: optionalText,
  ANTHROPIC_API_KEY: optionalText,
  /** H4: the one endpoint OPENAI_API_KEY is sent to; an agent naming any other base URL brings its own key */
  OPENAI_BASE_URL: endpointUrl("https://api.openai.com/v1"),
  /** H4: the one endpoint ANTHROPIC_API_KEY is sent to (also where Anthropic agents without a base URL go) */
  ANTHROPIC_BASE_URL: endpointUrl("https://api.anthropic.com/v1"),
  /** `off` keeps agent work out of the web process */
  GATEHOUSE_WORKER: z.preprocess((value) => (value === "" ? undefined : value), z.enum(["on", "off"], { error: "must be on or off" }).default("on")),
  GATEHOUSE_WORKER_CONCURRENCY: intIn(1, 256, 4),
  /** slots per worker beside its concurrency that only review work may take (review.* jobs, review runs) */
  GATEHOUSE_WORKER_REVIEW_SLOTS: intIn(0, 64, 1),
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
  /** H1: processes (and threads) one sandboxed command may have at once; a fork bomb stops here */
  GATEHOUSE_SANDBOX_PROCESSES: intIn(16, 65_536, 256),
  /** H1: address space of each sandboxed process, in MiB */
  GATEHOUSE_SANDBOX_MEMORY_MB: intIn(64, 1_048_576, 4096),
  /** H1: largest file a sandboxed process may write, in MiB */
  GATEHOUSE_SANDBOX_FILE_MB: intIn(1, 1_048_576, 1024),
  /** H1: size of each of the sandbox's scratch file systems (/tmp, /var/tmp, /dev/shm), in MiB; they live in memory */
  GATEHOUSE_SANDBOX_TMPFS_MB: intIn(1, 65_536, 512),
  /** H1: sandboxed commands one workspace may run at once (per server process) */
  GATEHOUSE_SANDBOX_PER_WORKSPACE: intIn(1, 256, 2),
  /** H1: sandboxed commands this server process runs at once, over all workspaces */
  GATEHOUSE_SANDBOX_TOTAL: intIn(1, 1024, 16),
  /** how long a command waits for a free sandbox slot before it is refused, in milliseconds (0: refuse at once) */
  GATEHOUSE_SANDBOX_WAIT_MS: intIn(0, 600_000, 10_000),
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
  /**
   * H4: model endpoints on loopback, private or other non-public addresses that
   * agents may use, e.g. `localhost:11434,10.0.0.5,[::1]:8000` (a host without a
   * port allows every port). Checked on the address each connection goes to.
   */
  GATEHOUSE_ALLOWED_MODEL_HOSTS: hostList,
  /** H4: webhook targets allowed although loopback/private (same syntax as the model hosts) */
  GATEHOUSE_ALLOWED_WEBHOOK_HOSTS: hostList,
  /**
   * H4, M7: loopback, private or other non-public hosts that agents' research tools
   * (web_fetch) and attached MCP servers may reach, same syntax as
   * GATEHOUSE_ALLOWED_MODEL_HOSTS. Public addresses need no entry.
   */
  GATEHOUSE_ALLOWED_WEB_HOSTS: hostList,
  /**
   * H5: how many reverse proxies in front of Gatehouse append the client's
   * address to X-Forwarded-For; the sign-in limit per address counts that
   * address (0 = exposed directly)
   */
  GATEHOUSE_TRUSTED_PROXIES: intIn(0, 10, 0),
  /**
   * R12, H4: the GitHub REST API that repositories' tokens are sent to, and the only
   * one (GitHub Enterprise: `https://github.example.com/api/v3`). A repository cannot
   * name another; a request or redirect to any other origin is refused unsent.
   */
  GATEHOUSE_GITHUB_API_URL: endpointUrl("https://api.github.com"),
  /** R12: tries of one publish to GitHub before it is shown as failed */
  GATEHOUSE_GITHUB_PUBLISH_ATTEMPTS: intIn(1, 50, 6),
  /** R12: the first retry's delay in milliseconds; each later one doubles it (GitHub's retry-after, when given, is the floor) */
  GATEHOUSE_GITHUB_RETRY_MS: intIn(1, 3_600_000, 2_000),
  /**
   * R12: the GitHub App Gatehouse publishes check runs as (on github.com only an app may
   * create them): its App ID, or its Client ID (`Iv…`). Needs GATEHOUSE_GITHUB_APP_PRIVATE_KEY.
   */
  GATEHOUSE_GITHUB_APP_ID: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.string().trim().regex(/^(?:[1-9]\d{0,15}|Iv[0-9A-Za-z.]{4,60})$/, "must be the GitHub App's numeric App ID (or its Client ID, Iv…)").optional(),
  ),
  /**
   * R12, H4: the GitHub App's private key — the PEM itself (newlines may be written `\n`)
   * or the path of the .pem file GitHub gave. Read and checked at start-up, normalised to
   * PKCS#8; never logged, never sent anywhere but as a signed JWT to GATEHOUSE_GITHUB_API_URL.
   */
  GATEHOUSE_GITHUB_APP_PRIVATE_KEY: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .transform((value, ctx) => {
        const key = readAppPrivateKey(value);
        if (typeof key === "string") return key;
        ctx.addIssue({ code: "custom", message: key.problem });
        return z.NEVER;
      })
      .optional(),
  ),
}).superRefine((config, ctx) => {
  // An app needs both halves; one alone is a configuration mistake worth stopping for.
  if (Boolean(config.GATEHOUSE_GITHUB_APP_ID) !== Boolean(config.GATEHOUSE_GITHUB_APP_PRIVATE_KEY)) {
    const missing = config.GATEHOUSE_GITHUB_APP_ID ? "GATEHOUSE_GITHUB_APP_PRIVATE_KEY" : "GATEHOUSE_GITHUB_APP_ID";
    ctx.addIssue({ code: "custom", path: [missing], message: "is needed too: a GitHub App is configured with both its App ID and its private key" });
  }
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
