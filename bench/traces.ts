/**
 * Traces: the harness's overhead per tool call with tracing off (no SDK
 * loaded: the default) and on (spans exported over OTLP/HTTP to a receiver on
 * loopback), measured in the same run on the same scripted runs, as a ratio.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { advanceRun } from "../lib/harness/lifecycle/advance-run";
import { harnessFixture } from "../lib/harness/harness.test-support";
import { makeFixture } from "../lib/repos/git.test-support";
import { startTelemetry } from "../lib/telemetry/start-telemetry";
import { percentile, type BenchResult } from "./stats";

const STEPS = 10;
const RUNS = 60;

/** Per call: the time from the turn's start to its result, minus the tool's own time (as bench/gate.ts measures it). */
async function overheadPerCall(worktree: string, label: string): Promise<number[]> {
  const h = harnessFixture({
    worktree,
    maxSteps: STEPS + 2,
    script: { scenarios: [{ steps: [...Array.from({ length: STEPS }, () => ({ toolCalls: [{ name: "list_dir", args: {} }] })), { text: "done" }] }] },
  });
  const overheads: number[] = [];
  let stepStart = 0;
  h.deps.events = {
    emit(event) {
      if (event.type === "turn.started") stepStart = performance.now();
      if (event.type === "tool.result") overheads.push(performance.now() - stepStart - (event.durationMs ?? 0));
    },
  };
  for (let run = 0; run < RUNS; run++) {
    h.startRun(`${label}-${run}`, "go");
    await advanceRun(h.deps, `${label}-${run}`);
  }
  // The first runs include module loading and JIT warm-up.
  overheads.splice(0, STEPS * 10);
  return overheads.sort((a, b) => a - b);
}

export async function benchTraces(): Promise<BenchResult[]> {
  const fx = await makeFixture();
  let spans = 0;
  const sink = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      spans += (body.match(/"spanId"/g) ?? []).length;
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
  const previous = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  try {
    // A warm-up pass first, so "off" is not charged the JIT warm-up "on" then skips.
    await overheadPerCall(fx.worktree, "warm");
    const off = await overheadPerCall(fx.worktree, "off");
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;
    const telemetry = await startTelemetry();
    if (!telemetry) throw new Error("tracing did not start");
    const on = await overheadPerCall(fx.worktree, "on");
    await telemetry.flush();
    await telemetry.shutdown();
    const offP50 = percentile(off, 50);
    const onP50 = percentile(on, 50);
    return [
      { name: "harness overhead per tool call p50, tracing off (no SDK loaded)", value: offP50, unit: "ms" },
      { name: "harness overhead per tool call p50, tracing on (OTLP/HTTP to loopback)", value: onP50, unit: "ms" },
      { name: "harness overhead per tool call p99, tracing off", value: percentile(off, 99), unit: "ms" },
      { name: "harness overhead per tool call p99, tracing on", value: percentile(on, 99), unit: "ms" },
      { name: "tracing on ÷ off (p50, same run)", value: onP50 / offP50, unit: "×" },
      { name: "spans exported while tracing was on", value: spans, unit: "" },
    ];
  } finally {
    if (previous === undefined) delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    else process.env.OTEL_EXPORTER_OTLP_ENDPOINT = previous;
    await new Promise((resolve) => sink.close(resolve));
    await fx.cleanup();
  }
}
