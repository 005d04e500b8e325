// Starts the production server for the end-to-end tests on a fresh database and a
// fresh data directory (demo seeded), so every run starts clean. Playwright's
// webServer runs this twice: on PostgreSQL (a fresh database, dropped when
// stopped) at E2E_PORT, and with E2E_DB=pglite on the embedded default — no
// DATABASE_URL, PGlite in the data directory, exactly as `npm run dev` starts
// for a newcomer — at the port E2E_SERVER_PORT names.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

const embedded = process.env.E2E_DB === "pglite";
const admin = process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const name = `gatehouse_e2e_${Date.now()}`;
const client = embedded ? null : new pg.Client({ connectionString: admin });
let url = null;
if (client) {
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  url = new URL(admin);
  url.pathname = `/${name}`;
}
const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-e2e-"));
const port = process.env.E2E_SERVER_PORT ?? process.env.E2E_PORT ?? "3210";
// Tests that need thousands of rows (a long room's history) seed them straight into this
// run's database; they find it here. Removed when the server stops.
const stateFile = join(tmpdir(), `gatehouse-e2e-${port}.json`);

// T4: a local Anthropic Messages server scripts the Claude Code CLI of claude-code agents.
// The server allows exactly its address as a model endpoint (H4), as an operator would.
const anthropic = spawn(process.execPath, ["--import", "tsx", "scripts/e2e-anthropic-server.ts"], { stdio: ["pipe", "pipe", "inherit"] });
const anthropicUrl = await new Promise((resolve, reject) => {
  let buffered = "";
  anthropic.stdout.on("data", (chunk) => {
    buffered += chunk;
    const line = buffered.split("\n")[0];
    if (buffered.includes("\n")) resolve(JSON.parse(line).baseUrl);
  });
  anthropic.once("exit", (code) => reject(new Error(`the scripted Anthropic server exited with ${code}`)));
});
writeFileSync(stateFile, JSON.stringify({ databaseUrl: url?.toString() ?? null, anthropicBaseUrl: anthropicUrl }));

// Idle connections stay open longer than any client keeps one: with Node's 5 s default the
// server could close a kept-alive socket just as a client reused it (ECONNRESET on a POST).
const { DATABASE_URL: _unused, ...parentEnv } = process.env;
const server = spawn("npx", ["next", "start", "-p", port, "--keepAliveTimeout", "65000"], {
  stdio: "inherit",
  env: {
    ...parentEnv,
    ...(url ? { DATABASE_URL: url.toString() } : {}),
    GATEHOUSE_DATA_DIR: dataDir,
    GATEHOUSE_SEED_DEMO: "1",
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    NEXTAUTH_SECRET: "e2e-secret-not-for-production",
    NODE_ENV: "production",
    // R12: e2e/publish.spec.ts serves a local GitHub REST API here; short retries keep its failure path quick.
    GATEHOUSE_GITHUB_API_URL: `http://127.0.0.1:${Number(port) + 20000}`,
    GATEHOUSE_GITHUB_RETRY_MS: "200",
    GATEHOUSE_GITHUB_PUBLISH_ATTEMPTS: "2",
    GATEHOUSE_ALLOWED_MODEL_HOSTS: new URL(anthropicUrl).host,
  },
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  server.kill("SIGTERM");
  anthropic.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 1500));
  if (client) {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await client.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(stateFile, { force: true });
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => {
  if (!stopping) {
    console.error(`[e2e-server] next start exited with ${code}`);
    void stop();
  }
});
