// Starts the production server for the end-to-end tests on a fresh PostgreSQL
// database and a fresh data directory (demo seeded), so every run starts clean.
// Playwright's webServer runs this; it drops the database when stopped.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

const admin = process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const name = `gatehouse_e2e_${Date.now()}`;
const client = new pg.Client({ connectionString: admin });
await client.connect();
await client.query(`CREATE DATABASE "${name}"`);
const url = new URL(admin);
url.pathname = `/${name}`;
const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-e2e-"));
const port = process.env.E2E_PORT ?? "3210";
// Tests that need thousands of rows (a long room's history) seed them straight into this
// run's database; they find it here. Removed when the server stops.
const stateFile = join(tmpdir(), `gatehouse-e2e-${port}.json`);
writeFileSync(stateFile, JSON.stringify({ databaseUrl: url.toString() }));

const server = spawn("npx", ["next", "start", "-p", port], {
  stdio: "inherit",
  env: {
    ...process.env,
    DATABASE_URL: url.toString(),
    GATEHOUSE_DATA_DIR: dataDir,
    GATEHOUSE_SEED_DEMO: "1",
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    NEXTAUTH_SECRET: "e2e-secret-not-for-production",
    NODE_ENV: "production",
    // R12: e2e/publish.spec.ts serves a local GitHub REST API here; short retries keep its failure path quick.
    GATEHOUSE_GITHUB_API_URL: `http://127.0.0.1:${Number(port) + 20000}`,
    GATEHOUSE_GITHUB_RETRY_MS: "200",
    GATEHOUSE_GITHUB_PUBLISH_ATTEMPTS: "2",
  },
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  server.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
  await client.end();
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
