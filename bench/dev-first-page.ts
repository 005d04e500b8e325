/**
 * A newcomer's first minutes: `npm run dev` (scripts/dev.mjs, on the embedded
 * default in a new data directory, with no compile cache: .next/dev removed)
 * → the sign-in page's HTML and the scripts it loads → signed in, the
 * workspace page and its scripts (the second page). Beside a bare Next.js dev
 * server (bench/fixtures/bare-next, its page, then its route) started cold the
 * same way, once as the machine is and once with one core spinning.
 *
 * Prints, never asserts. Takes minutes: every start compiles from nothing.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BARE_APP, NEXT_BIN } from "./bare-next";
import { loadAverage, PHASES } from "./spin-core";
import type { BenchResult } from "./stats";
import { signIn } from "./web-server";

const PAGE_TIMEOUT_MS = 15 * 60_000;

/** Requests `path` until it answers below 500, then loads the scripts its HTML names; ms from `since`. */
async function pageUsable(baseUrl: string, path: string, since: number, cookie?: string): Promise<number> {
  const deadline = Date.now() + PAGE_TIMEOUT_MS;
  for (;;) {
    const response = await fetch(`${baseUrl}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual", signal: AbortSignal.timeout(PAGE_TIMEOUT_MS) }).catch(() => null);
    if (response && response.status < 500) {
      const html = await response.text();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      const scripts = [...new Set([...html.matchAll(/src="(\/_next\/static\/[^"]+\.js)"/g)].map((m) => m[1]!))];
      const loaded = await Promise.all(scripts.map((src) => fetch(`${baseUrl}${src}`).then((r) => r.ok, () => false)));
      if (loaded.includes(false)) throw new Error(`a script of ${path} did not load`);
      return performance.now() - since;
    }
    if (Date.now() > deadline) throw new Error(`${path} did not answer`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function stop(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once("exit", () => resolve());
    server.kill("SIGTERM");
    setTimeout(() => {
      server.kill("SIGKILL");
      resolve();
    }, 5000);
  });
}

export async function gatehouseDev(port: number): Promise<{ first: number; second: number }> {
  rmSync(".next/dev", { recursive: true, force: true });
  const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-bench-dev-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  // The embedded default, in development: no DATABASE_URL, no NODE_ENV of the bench's.
  const { DATABASE_URL: _url, NODE_ENV: _mode, ...inherited } = process.env;
  const env: Record<string, string | undefined> = { ...inherited, GATEHOUSE_DATA_DIR: dataDir, NEXTAUTH_URL: baseUrl, NEXTAUTH_SECRET: "bench-secret", NEXT_TELEMETRY_DISABLED: "1" };
  const started = performance.now();
  const server = spawn(process.execPath, ["scripts/dev.mjs", "-p", String(port)], { stdio: "ignore", env: env as NodeJS.ProcessEnv });
  try {
    const first = await pageUsable(baseUrl, "/signin", started);
    const secondStart = performance.now();
    const cookie = await signIn(baseUrl, "demo@gatehouse.dev", "gatehouse-demo");
    const second = await pageUsable(baseUrl, "/w/demo", secondStart, cookie);
    return { first, second };
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function bareDev(port: number): Promise<{ first: number; second: number }> {
  rmSync(`${BARE_APP}/.next/dev`, { recursive: true, force: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  const { NODE_ENV: _mode, ...inherited } = process.env;
  const env: Record<string, string | undefined> = { ...inherited, NEXT_TELEMETRY_DISABLED: "1" };
  const started = performance.now();
  const server = spawn(process.execPath, [NEXT_BIN, "dev", "--webpack", "-p", String(port), BARE_APP], { stdio: "ignore", env: env as NodeJS.ProcessEnv });
  try {
    const first = await pageUsable(baseUrl, "/", started);
    const secondStart = performance.now();
    const deadline = Date.now() + PAGE_TIMEOUT_MS;
    while (!(await fetch(`${baseUrl}/api/ping`).then((r) => r.ok, () => false))) {
      if (Date.now() > deadline) throw new Error("the bare route did not answer");
      await new Promise((r) => setTimeout(r, 250));
    }
    return { first, second: performance.now() - secondStart };
  } finally {
    await stop(server);
  }
}

export async function benchDevFirstPage(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const port = Number(process.env.BENCH_DEV_PORT ?? 3250);
  const quiet: Record<string, number> = {};
  for (const phase of PHASES) {
    const load = loadAverage();
    const { bare, gatehouse } = await phase.run(async () => ({ bare: await bareDev(port + 1), gatehouse: await gatehouseDev(port) }));
    const label = (what: string) => `${phase.label}: ${what}`;
    results.push(
      { name: label("the machine's load average (1 min) as the phase began"), value: load, unit: "" },
      { name: label("bare Next.js dev: start → its page's HTML and scripts"), value: bare.first / 1000, unit: "s" },
      { name: label("Gatehouse `npm run dev`: start → sign-in page's HTML and scripts"), value: gatehouse.first / 1000, unit: "s", target: "≤ 30 s busy" },
      { name: label("Gatehouse first page ÷ bare's"), value: gatehouse.first / bare.first, unit: "×" },
      { name: label("bare Next.js dev: then its route"), value: bare.second / 1000, unit: "s" },
      { name: label("Gatehouse: signed in → workspace page's HTML and scripts"), value: gatehouse.second / 1000, unit: "s" },
    );
    if (phase.label === "quiet") Object.assign(quiet, { first: gatehouse.first, second: gatehouse.second });
    else {
      results.push(
        { name: "under load ÷ quiet, Gatehouse first page", value: gatehouse.first / quiet.first!, unit: "×", target: "≤ 3×" },
        { name: "under load ÷ quiet, Gatehouse second page", value: gatehouse.second / quiet.second!, unit: "×" },
      );
    }
  }
  return results;
}
