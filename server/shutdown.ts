import "server-only";
/**
 * A process's shutdown, in one place. On SIGTERM or SIGINT Next.js stops
 * accepting connections and waits for the open ones to finish before it
 * exits — and a live stream (SSE) never finishes by itself, so an open page
 * kept the server up indefinitely. Shutting down ends every live stream (the
 * browser reconnects to whichever server comes up next, from its last event
 * id), refuses new ones, stops this process's worker, and — should anything
 * else still hold the process — exits after a short grace period.
 */
const GRACE_MS = 10_000;

const globalForShutdown = globalThis as unknown as { gatehouseShutdown?: { controller: AbortController; installed: boolean; stops: (() => Promise<void>)[] } };
const state = (globalForShutdown.gatehouseShutdown ??= { controller: new AbortController(), installed: false, stops: [] });

/** Aborted once the process is shutting down: live streams end on it. */
export function shutdownSignal(): AbortSignal {
  return state.controller.signal;
}

/** Runs `stop` (a worker's) when the process shuts down. */
export function onShutdown(stop: () => Promise<void>): void {
  state.stops.push(stop);
}

/** Starts the shutdown: ends live streams, stops workers, and makes sure the process exits. */
export function beginShutdown(signal: NodeJS.Signals = "SIGTERM"): void {
  if (state.controller.signal.aborted) return;
  state.controller.abort();
  for (const stop of state.stops.splice(0)) void stop().catch(() => undefined);
  // Next.js exits once its server has closed; this only bounds the wait for anything else.
  setTimeout(() => process.exit(signal === "SIGINT" ? 130 : 143), GRACE_MS).unref();
}

/** Listens for SIGTERM and SIGINT once per process. */
export function installShutdown(): void {
  if (state.installed) return;
  state.installed = true;
  process.once("SIGTERM", () => beginShutdown("SIGTERM"));
  process.once("SIGINT", () => beginShutdown("SIGINT"));
}
