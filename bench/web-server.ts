/**
 * Starts the production build for the web benchmarks on a fresh PostgreSQL
 * database with the demo seeded, and signs in. Returns what the benchmarks
 * need and a stop() that drops the database.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

export interface BenchServer {
  baseUrl: string;
  cookie: string;
  pid: number;
  databaseUrl: string;
  stop(): Promise<void>;
}

export async function waitForHealth(baseUrl: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error("the server did not become healthy");
}

/** next-auth's credentials flow over plain HTTP; returns the session cookie header. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const response = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const session = response.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="));
  if (!session) throw new Error("sign-in failed");
  return session.split(";")[0]!;
}

export async function startBenchServer(port = 3230): Promise<BenchServer> {
  const admin = process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const name = `gatehouse_bench_${Date.now()}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-bench-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  // Start next's server directly (not through npx) so its pid is the web process measured.
  const server: ChildProcess = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port)], {
    stdio: "ignore",
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      GATEHOUSE_DATA_DIR: dataDir,
      GATEHOUSE_SEED_DEMO: "1",
      NEXTAUTH_URL: baseUrl,
      NEXTAUTH_SECRET: "bench-secret",
      NODE_ENV: "production",
      GATEHOUSE_DB_POOL: "20",
    },
  });
  await waitForHealth(baseUrl, 120_000);
  const cookie = await signIn(baseUrl, "demo@gatehouse.dev", "gatehouse-demo");
  return {
    baseUrl,
    cookie,
    pid: server.pid!,
    databaseUrl: url.toString(),
    async stop() {
      server.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 1000));
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
