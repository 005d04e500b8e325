/**
 * The web benchmarks against the production build on PostgreSQL: dispatch
 * latency (message posted → run claimed → first event streamed), the room and
 * inbox read endpoints under autocannon, idle resident memory of the web
 * process, and 1,000 concurrent SSE subscribers. Needs `next build` first and a
 * PostgreSQL server; prints figures, asserts nothing.
 *
 * Absolute throughput drifts from run to run on shared machines, so the reads
 * are printed as ratios to a floor measured in the same run on the same build:
 * a route that checks the session and membership and does nothing else. Idle
 * memory has its own section (./idle-memory.ts), on both databases.
 */
import { existsSync } from "node:fs";
import http from "node:http";
import autocannon from "autocannon";
import { percentile, type BenchResult } from "./stats";
import { startBenchServer, type BenchServer } from "./web-server";

/** Opens an SSE stream and resolves each time `match` sees a matching event. */
function openStream(server: BenchServer, path: string, onEvent: (type: string, data: string) => void): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${server.baseUrl}${path}`, { headers: { cookie: server.cookie, accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`SSE ${res.statusCode}`));
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let index: number;
        while ((index = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, index);
          buffer = buffer.slice(index + 2);
          const type = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (block.includes(": connected")) onEvent("connected", "");
          if (type && data) onEvent(type, data);
        }
      });
      resolve(req);
    });
    req.on("error", reject);
  });
}

/** The room's newest event id, so a stream starts exactly at "now". */
async function lastEventId(server: BenchServer, roomId: string): Promise<string> {
  const view = (await (await fetch(`${server.baseUrl}/api/workspaces/demo/rooms/${roomId}`, { headers: { cookie: server.cookie } })).json()) as { lastEventId: string };
  return view.lastEventId;
}

async function dispatchLatency(server: BenchServer, roomId: string): Promise<number[]> {
  const samples: number[] = [];
  let waiting: { sentAt: number; resolve: () => void } | null = null;
  const stream = await openStream(server, `/api/workspaces/demo/rooms/${roomId}/events?after=${await lastEventId(server, roomId)}`, (type) => {
    if (type === "run.started" && waiting) {
      samples.push(performance.now() - waiting.sentAt);
      waiting.resolve();
      waiting = null;
    }
  });
  for (let i = 0; i < 30; i++) {
    const done = new Promise<void>((resolve) => {
      waiting = { sentAt: performance.now(), resolve };
    });
    const response = await fetch(`${server.baseUrl}/api/workspaces/demo/rooms/${roomId}/messages`, {
      method: "POST",
      headers: { cookie: server.cookie, "content-type": "application/json" },
      body: JSON.stringify({ content: `bench message ${i}` }),
    });
    if (response.status !== 201) throw new Error(`posting failed: ${response.status}`);
    await Promise.race([done, new Promise((r) => setTimeout(r, 10_000))]);
    // Let the run finish before the next sample so samples measure dispatch, not queueing.
    await new Promise((r) => setTimeout(r, 400));
  }
  stream.destroy();
  return samples.sort((a, b) => a - b);
}

async function throughput(server: BenchServer, path: string, duration = 8): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({
    url: `${server.baseUrl}${path}`,
    connections: 20,
    duration,
    headers: { cookie: server.cookie },
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function sseSubscribers(server: BenchServer, roomId: string, count: number): Promise<{ connected: number; received: number; errors: number }> {
  let connected = 0;
  let received = 0;
  let errors = 0;
  const streams: http.ClientRequest[] = [];
  const after = await lastEventId(server, roomId);
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.allSettled(
      Array.from({ length: Math.min(50, count - i) }, () =>
        openStream(server, `/api/workspaces/demo/rooms/${roomId}/events?after=${after}`, (type) => {
          if (type === "connected") connected++;
          if (type === "room.updated") received++;
        }),
      ),
    );
    for (const r of batch) r.status === "fulfilled" ? streams.push(r.value) : errors++;
  }
  await new Promise((r) => setTimeout(r, 1500));
  // One event to all of them: rename the room.
  await fetch(`${server.baseUrl}/api/workspaces/demo/rooms/${roomId}`, {
    method: "PATCH",
    headers: { cookie: server.cookie, "content-type": "application/json" },
    body: JSON.stringify({ name: `bench ${Date.now()}` }),
  });
  await new Promise((r) => setTimeout(r, 5000));
  for (const s of streams) s.destroy();
  return { connected, received, errors };
}

const ratio = (value: number, floor: number) => (floor > 0 ? value / floor : NaN);

export async function benchWeb(): Promise<BenchResult[]> {
  if (!existsSync(".next/BUILD_ID")) throw new Error("run `npm run build` first; the web benchmarks use the production build");
  http.globalAgent.maxSockets = Infinity;
  const server = await startBenchServer();
  try {
    const rooms = (await (await fetch(`${server.baseUrl}/api/workspaces/demo/rooms`, { headers: { cookie: server.cookie } })).json()) as {
      rooms: { id: string; mode: string }[];
    };
    const chatRoom = rooms.rooms.find((r) => r.mode === "chat")!.id;
    const planRoom = rooms.rooms.find((r) => r.mode === "plan")!.id;
    // Warm up the routes the first time (compilation of route modules on first hit).
    await fetch(`${server.baseUrl}/api/workspaces/demo/rooms/${chatRoom}`, { headers: { cookie: server.cookie } });
    const dispatch = await dispatchLatency(server, chatRoom);
    // The floor is measured before and after the reads and averaged, so drift during the run shows in neither side alone.
    const floorPath = "/api/workspaces/demo/ping";
    await throughput(server, floorPath, 2);
    const floorBefore = await throughput(server, floorPath);
    const room = await throughput(server, `/api/workspaces/demo/rooms/${planRoom}`);
    const inbox = await throughput(server, `/api/workspaces/demo/approvals?status=pending`);
    const floorAfter = await throughput(server, floorPath);
    const floor = { rps: (floorBefore.rps + floorAfter.rps) / 2, p99: (floorBefore.p99 + floorAfter.p99) / 2, errors: floorBefore.errors + floorAfter.errors };
    const sse = await sseSubscribers(server, planRoom, 1000);
    return [
      { name: "dispatch: message posted → run claimed → first event streamed, p50", value: percentile(dispatch, 50), unit: "ms", target: "≤ 50 ms" },
      { name: "dispatch p99", value: percentile(dispatch, 99), unit: "ms" },
      { name: "floor: no-op route (session + membership only) throughput (20 connections)", value: floor.rps, unit: "req/s" },
      { name: "floor: no-op route p99 latency", value: floor.p99, unit: "ms" },
      { name: "room read endpoint throughput (20 connections)", value: room.rps, unit: "req/s" },
      { name: "room read endpoint throughput ÷ floor's", value: ratio(room.rps, floor.rps), unit: "×", target: "≥ 0.9×" },
      { name: "room read endpoint p99 latency", value: room.p99, unit: "ms" },
      { name: "room read endpoint p99 ÷ floor's", value: ratio(room.p99, floor.p99), unit: "×", target: "≤ 2×" },
      { name: "inbox read endpoint throughput (20 connections)", value: inbox.rps, unit: "req/s" },
      { name: "inbox read endpoint throughput ÷ floor's", value: ratio(inbox.rps, floor.rps), unit: "×", target: "≥ 0.9×" },
      { name: "inbox read endpoint p99 latency", value: inbox.p99, unit: "ms" },
      { name: "inbox read endpoint p99 ÷ floor's", value: ratio(inbox.p99, floor.p99), unit: "×", target: "≤ 2×" },
      { name: "read endpoint errors (floor + room + inbox)", value: floor.errors + room.errors + inbox.errors, unit: "", target: "0" },
      { name: "SSE subscribers connected (of 1,000)", value: sse.connected, unit: "", target: "1,000" },
      { name: "SSE subscribers that received a broadcast event", value: sse.received, unit: "" },
      { name: "SSE connection errors", value: sse.errors, unit: "", target: "0" },
    ];
  } finally {
    await server.stop();
  }
}
