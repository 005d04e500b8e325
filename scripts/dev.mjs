// `npm run dev`: the Next.js dev server, and as soon as it answers, the pages a newcomer
// opens first are requested in the order they open them — sign-in, the workspace, its
// first room — with the scripts each page loads. The dev server compiles a route on its
// first request; on a busy machine that took minutes for the first page, while the server
// sat idle between "Ready" and the newcomer's first click. Arguments pass through to
// `next dev`; GATEHOUSE_DEV_WARMUP=off starts it without the warm-up.
import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";

const args = process.argv.slice(2);
const portArg = args.findIndex((a) => a === "-p" || a === "--port");
const port = portArg >= 0 ? args[portArg + 1] : (process.env.PORT ?? "3000");
const base = `http://127.0.0.1:${port}`;
const DEMO = { email: "demo@gatehouse.dev", password: "gatehouse-demo" };

const next = spawn(process.execPath, ["node_modules/next/dist/bin/next", "dev", ...args], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => next.kill(signal));
next.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

/** A page and the scripts it loads (each compiled on its first request too). */
async function warmPage(path, cookie) {
  const response = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  const html = await response.text();
  const scripts = [...new Set([...html.matchAll(/src="(\/_next\/static\/[^"]+\.js)"/g)].map((m) => m[1]))];
  await Promise.all(scripts.map((src) => fetch(`${base}${src}`).then((r) => r.arrayBuffer(), () => undefined)));
  return html;
}

/** next-auth's credentials sign-in as the demo user (seeded on the embedded default); null when that user is not there. */
async function signIn() {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = await csrf.json();
  const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
    body: new URLSearchParams({ csrfToken, ...DEMO, json: "true" }),
  });
  const session = response.headers.getSetCookie().find((c) => /next-auth\.session-token=/.test(c));
  return session ? session.split(";")[0] : null;
}

async function warmUp() {
  const started = Date.now();
  // The first request also compiles the proxy and instrumentation (the database opens there).
  for (;;) {
    const up = await fetch(`${base}/signin`, { redirect: "manual" }).then((r) => r.status < 500, () => false);
    if (up) break;
    if (next.exitCode !== null || Date.now() - started > 15 * 60_000) return;
    await sleep(500);
  }
  await warmPage("/signin");
  const cookie = await signIn().catch(() => null);
  if (!cookie) {
    await warmPage("/signup");
    console.log(`[gatehouse] dev: sign-in and sign-up pages compiled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return;
  }
  const workspace = await warmPage("/w/demo", cookie);
  const room = /href="(\/w\/demo\/rooms\/[A-Za-z0-9_-]+)"/.exec(workspace)?.[1];
  if (room) await warmPage(room, cookie);
  await warmPage("/", cookie);
  console.log(`[gatehouse] dev: sign-in, workspace and room pages compiled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.env.GATEHOUSE_DEV_WARMUP !== "off") warmUp().catch((error) => console.error(`[gatehouse] dev warm-up stopped: ${error.message}`));
