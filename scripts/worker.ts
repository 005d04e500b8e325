/**
 * A standalone worker process: `npm run worker`. Run as many as you like
 * against one PostgreSQL database (set GATEHOUSE_WORKER=off on the web
 * processes to keep all agent work here). Stops cleanly on SIGTERM.
 */
import { openDatabase } from "../lib/db/client";
import { startAgentWorker } from "../lib/runtime/start-agent-worker";
import { startTelemetry } from "../lib/telemetry/start-telemetry";
import { validEnvOrExit } from "./valid-env";

const config = validEnvOrExit();
if (!config.DATABASE_URL) {
  console.error("npm run worker needs DATABASE_URL: the embedded database belongs to the web process, which runs its own worker.");
  process.exit(2);
}
// Traces: loads the OpenTelemetry SDK only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
const telemetry = await startTelemetry();
const db = await openDatabase();
const { worker, stop } = await startAgentWorker(db, `worker-${process.pid}`, (message) => console.error(`[worker] ${message}`));
console.log(`[worker] ${worker.id} started`);
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, async () => {
    await stop();
    await db.close();
    await telemetry?.shutdown();
    process.exit(0);
  });
}
