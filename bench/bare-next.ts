/**
 * The baseline Gatehouse's web figures are read against: a bare Next.js app
 * (bench/fixtures/bare-next, one page and one route) on the same Next.js.
 * Built with webpack: Turbopack, rooted at the repository, would pull in
 * Gatehouse's own instrumentation and proxy and so not be bare.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";

export const BARE_APP = "bench/fixtures/bare-next";
export const NEXT_BIN = "node_modules/next/dist/bin/next";

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/**
 * A server's resident memory with its helper processes' (the process launcher): their private
 * memory only, since their shared pages (Node's own binary, mapped by both) are already in the
 * server's resident set.
 */
export function treeMb(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${entry}/stat`, "utf8").replace(/^.*\) /, "").split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  let kb = 0;
  const below = [...(children.get(pid) ?? [])];
  while (below.length) {
    const next = below.pop()!;
    below.push(...(children.get(next) ?? []));
    try {
      const rollup = readFileSync(`/proc/${next}/smaps_rollup`, "utf8");
      for (const field of ["Private_Clean", "Private_Dirty"]) kb += Number(new RegExp(`${field}:\\s+(\\d+)`).exec(rollup)?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return rssMb(pid) + kb / 1024;
}

export function ensureBareBuild() {
  if (existsSync(`${BARE_APP}/.next/BUILD_ID`)) return;
  const built = spawnSync(process.execPath, [NEXT_BIN, "build", "--webpack", BARE_APP], { stdio: "ignore", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (built.status !== 0) throw new Error("the bare Next.js app did not build");
}

/**
 * Idle resident memory of the bare server: started and warmed like Gatehouse's
 * (its page and its route once), read 3 s after. `env` is what Gatehouse's
 * start gets too (e.g. MALLOC_ARENA_MAX), so both are measured the same way.
 */
export async function bareNextIdleMb(port = 3231, env: Record<string, string> = {}): Promise<number> {
  ensureBareBuild();
  const server = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(port), BARE_APP], {
    stdio: "ignore",
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...env },
  });
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/ping`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error("the bare Next.js server did not start");
      await new Promise((r) => setTimeout(r, 300));
    }
    await fetch(`http://127.0.0.1:${port}/`);
    await new Promise((r) => setTimeout(r, 3000));
    return rssMb(server.pid!);
  } finally {
    server.kill("SIGTERM");
  }
}
