import "server-only";
/**
 * Boots the server side once per process: opens (and migrates) the database,
 * seeds the demo on the embedded default, and starts a worker in this process
 * unless GATEHOUSE_WORKER=off (then run `npm run worker` separately).
 */
import { assertValidEnv, env } from "@/lib/config/env";
import { getDatabase } from "@/lib/db/client";
import { seedDemo } from "@/lib/demo/seed-demo";
import type { RunningWorker } from "@/lib/queue/run-worker";
import { startTelemetry } from "@/lib/telemetry/start-telemetry";
import { recordBoot } from "./boot-ready";
import { startOutgoingWebhooks } from "./outgoing-webhooks";
import { installShutdown, onShutdown } from "./shutdown";

const globalForRuntime = globalThis as unknown as { gatehouseRuntime?: Promise<RunningWorker | null> };

function shouldSeed(): boolean {
  const { GATEHOUSE_SEED_DEMO, DATABASE_URL } = env();
  if (GATEHOUSE_SEED_DEMO) return GATEHOUSE_SEED_DEMO === "1";
  return !DATABASE_URL;
}

async function startInProcessWorker(db: Awaited<ReturnType<typeof getDatabase>>): Promise<RunningWorker> {
  const { startAgentWorker } = await import("@/lib/runtime/start-agent-worker");
  const { worker, stop } = await startAgentWorker(db, `web-${process.pid}`, (message) => console.error(`[gatehouse] ${message}`));
  onShutdown(stop);
  return worker;
}

export function startRuntime(): Promise<RunningWorker | null> {
  globalForRuntime.gatehouseRuntime ??= (async () => {
    // Everything before this process can sign anyone in; a sign-in waits for it (./boot-ready.ts).
    const boot = (async () => {
      assertValidEnv();
      // Traces: loads the OpenTelemetry SDK only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
      const telemetry = await startTelemetry();
      const db = await getDatabase();
      if (shouldSeed()) {
        const seeded = await seedDemo(db.prisma);
        if (seeded) console.log(`[gatehouse] demo workspace ready — sign in as ${seeded.email} / ${seeded.password}`);
      }
      return { db, telemetry };
    })();
    recordBoot(boot);
    const { db, telemetry } = await boot;
    // Web processes hear every stored event (LISTEN), so they send the workspaces' webhooks.
    await startOutgoingWebhooks();
    // SIGTERM ends live streams so the server's close can finish, and stops the worker below.
    installShutdown();
    if (telemetry) onShutdown(() => telemetry.shutdown());
    if (env().GATEHOUSE_WORKER === "off") return null;
    const started = startInProcessWorker(db);
    // In development the dev server compiles what it first loads: the worker (most of lib/)
    // compiles and starts beside the first pages instead of before them.
    if (env().NODE_ENV === "development") {
      started.catch((error: Error) => console.error(`[gatehouse] the worker did not start: ${error.message}`));
      return null;
    }
    return started;
  })();
  return globalForRuntime.gatehouseRuntime;
}
