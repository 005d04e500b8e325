/**
 * Idle resident memory of `next start` (the production build) on PostgreSQL
 * and on the embedded default (PGlite in a new data directory, as a
 * newcomer's first start), each beside a bare Next.js server's
 * (./bare-next.ts) measured the same way in the same phase: started with the
 * environment `npm start` gives (glibc's malloc capped and trimmed, 4 MB semi-spaces), warmed with the pages a
 * person opens first (sign-in, the workspace, a room), read 3 s later. Once
 * as the machine is and once with one core spinning. Gatehouse on PostgreSQL
 * without the malloc settings is printed too, for what they save.
 *
 * Needs `next build` and PostgreSQL. Prints, never asserts.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { bareNextIdleMb, NEXT_BIN, treeMb } from "./bare-next";
import { loadAverage, PHASES } from "./spin-core";
import type { BenchResult } from "./stats";
import { signIn, waitForHealth } from "./web-server";

/** What package.json's start script sets before `next start`, read from the script itself (one source). */
function startScriptEnv(): Record<string, string> & { NODE_OPTIONS: string } {
  const script: string = JSON.parse(readFileSync("package.json", "utf8")).scripts.start;
  const env: Record<string, string> = {};
  // Leading NAME=value and NAME="…" assignments; the caller's own $NODE_OPTIONS is left out.
  for (const [, name, quoted, bare] of script.matchAll(/\s*([A-Z_]+)=(?:"([^"]*)"|(\S+))/gy)) {
    env[name!] = (quoted ?? bare!).replace(/\s*\$NODE_OPTIONS/, "").trim();
  }
  if (!env.MALLOC_ARENA_MAX || env.NODE_OPTIONS === undefined) throw new Error(`package.json's start script sets no MALLOC_ARENA_MAX or NODE_OPTIONS: ${script}`);
  return { ...env, NODE_OPTIONS: env.NODE_OPTIONS };
}

async function gatehouseIdleMb(database: "postgres" | "pglite", port: number, env: Record<string, string>): Promise<number> {
  const admin = process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const name = `gatehouse_bench_mem_${Date.now()}`;
  const client = database === "postgres" ? new pg.Client({ connectionString: admin }) : null;
  let url: string | undefined;
  if (client) {
    await client.connect();
    await client.query(`CREATE DATABASE "${name}"`);
    const u = new URL(admin);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-bench-mem-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _url, ...inherited } = process.env;
  const childEnv: Record<string, string | undefined> = { ...inherited, GATEHOUSE_DATA_DIR: dataDir, GATEHOUSE_SEED_DEMO: "1", NEXTAUTH_URL: baseUrl, NEXTAUTH_SECRET: "bench-secret", NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...env };
  if (url) childEnv.DATABASE_URL = url;
  const server = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(port)], { stdio: "ignore", env: childEnv as NodeJS.ProcessEnv });
  try {
    await waitForHealth(baseUrl, 180_000);
    const cookie = await signIn(baseUrl, "demo@gatehouse.dev", "gatehouse-demo");
    await fetch(`${baseUrl}/signin`);
    const workspace = await (await fetch(`${baseUrl}/w/demo`, { headers: { cookie } })).text();
    const room = /href="(\/w\/demo\/rooms\/[A-Za-z0-9_-]+)"/.exec(workspace)?.[1];
    if (!room) throw new Error("the workspace page links no room");
    const roomPage = await fetch(`${baseUrl}${room}`, { headers: { cookie } });
    if (!roomPage.ok) throw new Error(`the room page answered ${roomPage.status}`);
    await new Promise((r) => setTimeout(r, 3000));
    // With the process launcher's private memory, when one runs (it starts with the first git or sandbox command).
    return treeMb(server.pid!);
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 1500));
    if (client) {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
      await client.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchIdleMemory(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const startEnv = startScriptEnv();
  const base = Number(process.env.BENCH_IDLE_MEMORY_PORT ?? 3240);
  for (const phase of PHASES) {
    const load = loadAverage();
    const { bare, postgres, pglite, uncapped } = await phase.run(async () => ({
      bare: await bareNextIdleMb(base, startEnv),
      postgres: await gatehouseIdleMb("postgres", base + 1, startEnv),
      pglite: await gatehouseIdleMb("pglite", base + 2, startEnv),
      uncapped: phase.label === "quiet" ? await gatehouseIdleMb("postgres", base + 3, { NODE_OPTIONS: startEnv.NODE_OPTIONS }) : Number.NaN,
    }));
    const label = (what: string) => `${phase.label}: ${what}`;
    results.push(
      { name: label("the machine's load average (1 min) as the phase began"), value: load, unit: "" },
      { name: label("bare Next.js server, idle resident memory"), value: bare, unit: "MB" },
      { name: label("Gatehouse on PostgreSQL, idle resident memory"), value: postgres, unit: "MB" },
      { name: label("Gatehouse on PostgreSQL above the bare server"), value: postgres - bare, unit: "MB", target: "≤ 150 MB" },
      { name: label("Gatehouse on PGlite (a new data directory), idle resident memory"), value: pglite, unit: "MB" },
      { name: label("Gatehouse on PGlite above the bare server"), value: pglite - bare, unit: "MB", target: "≤ 150 MB" },
    );
    if (!Number.isNaN(uncapped)) results.push({ name: label("Gatehouse on PostgreSQL without the MALLOC_* settings"), value: uncapped, unit: "MB" });
  }
  return results;
}
