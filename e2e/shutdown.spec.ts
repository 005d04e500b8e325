/**
 * A server asked to stop stops: `next start` with a live stream open (a page
 * of the workspace) ends that stream from its side and exits on SIGTERM,
 * instead of waiting for the stream to finish — which it never does. Its own
 * server on its own port and data folder (embedded PGlite, no demo), so the
 * shared e2e servers keep running.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { signIn, signUp, uniqueUser } from "./support/session";

const port = Number(process.env.E2E_PORT ?? "3210") + 30000;
const baseURL = `http://127.0.0.1:${port}`;

async function waitForHealth(server: ChildProcess): Promise<void> {
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode} before it was ready`);
    const ok = await fetch(`${baseURL}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

test("SIGTERM: a server with a live stream open ends the stream and exits", async () => {
  test.setTimeout(300_000);
  const data = await mkdtemp(join(tmpdir(), "gatehouse-shutdown-"));
  // The next binary itself (no npx in between): the process spawned is the one that serves.
  const server = spawn(join(process.cwd(), "node_modules/.bin/next"), ["start", "-p", String(port)], {
    stdio: "ignore",
    env: { ...process.env, DATABASE_URL: "", GATEHOUSE_DATA_DIR: data, GATEHOUSE_SEED_DEMO: "0", NEXTAUTH_URL: baseURL, NEXTAUTH_SECRET: "e2e-shutdown-secret", NODE_ENV: "production" },
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => server.once("exit", (code, signal) => resolve({ code, signal })));
  try {
    await waitForHealth(server);
    const api = await playwrightRequest.newContext({ baseURL });
    const user = uniqueUser("shutdown");
    await signUp(api, user);
    await signIn(api, user);
    const created = await api.post("/api/workspaces", { data: { name: "Shutdown" } });
    expect(created.status(), await created.text()).toBe(201);
    const { workspace } = (await created.json()) as { workspace: { slug: string } };
    const cookie = (await api.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    await api.dispose();

    const stream = await fetch(`${baseURL}/api/workspaces/${workspace.slug}/events`, { headers: { cookie, accept: "text/event-stream" } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("connected");
    const ended = (async () => {
      try {
        for (;;) if ((await reader.read()).done) return "ended by the server";
      } catch (error) {
        return `cut: ${(error as Error).message}`;
      }
    })();

    server.kill("SIGTERM");
    // The server closes the stream itself (a clean end, not a connection cut by the process dying)…
    expect(await ended).toBe("ended by the server");
    // …and the process exits on its own, as a process stopped by SIGTERM does.
    expect(await exited).toEqual({ code: 143, signal: null });
  } finally {
    if (server.exitCode === null) server.kill("SIGKILL");
    await rm(data, { recursive: true, force: true });
  }
});

