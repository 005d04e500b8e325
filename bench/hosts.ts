/**
 * Issue 24: worker hosts. Two worker processes (scripts/worker.ts) with their
 * own GATEHOUSE_HOST_ID and data directory against one fresh PostgreSQL
 * database and one refs server (git's smart HTTP, in this process). Prints:
 *
 * - runs/s with one host and with two (each run writes a file, so its work is
 *   pushed as refs before the write's result is recorded), and the ratio;
 * - the time from SIGKILL of a host mid-run to the run finished on the other
 *   host, beside the dead threshold it must wait out.
 *
 * The machine has 2 shared cores: the ratio says how much of a run is waiting
 * (PostgreSQL, git, the sandbox) rather than CPU. Prints, never asserts.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { openDatabase, type Database } from "../lib/db/client";
import { startRefsServer } from "../lib/hosts/refs-server";
import { advanceRunJob, enqueueJob } from "../lib/queue/enqueue-job";
import { makeTempRoot } from "../lib/repos/git.test-support";
import { createRoom } from "../lib/rooms/create-room";
import { makeRepo } from "../tests/support/reviews";
import { createAgent, createRun, createUser, createWorkspace } from "../tests/support/factories";
import { withFreshDatabase } from "./fresh-database";
import type { BenchResult } from "./stats";

const ROOMS = 8;
const DEAD_MS = 3_000;
const SECRET = "bench-refs-secret-0123456789";

function startHost(root: string, hostId: string, databaseUrl: string): ChildProcess {
  return spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/worker.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      GATEHOUSE_HOST_ID: hostId,
      GATEHOUSE_DATA_DIR: path.join(root, hostId),
      GATEHOUSE_LEASE_MS: "2000",
      GATEHOUSE_HOST_DEAD_MS: String(DEAD_MS),
    },
    stdio: "ignore",
  });
}

async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 300_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function runAll(db: Database, runs: { id: string }[]): Promise<number> {
  const start = performance.now();
  for (const run of runs) await enqueueJob(db.prisma, advanceRunJob(run.id));
  const ids = runs.map((r) => r.id);
  await waitFor(async () => (await db.prisma.run.count({ where: { id: { in: ids }, status: { in: ["succeeded", "failed"] } } })) === ids.length);
  return performance.now() - start;
}

/** ROOMS rooms, each adopted by a host in a first (unmeasured) run, then one measured run per room. */
async function throughput(db: Database, root: string, databaseUrl: string, hosts: string[], label: string): Promise<number> {
  const { prisma } = db;
  const user = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: user.id, role: "owner" }]);
  const repo = await makeRepo(root, `bench-${label}`, { "README.md": "bench\n" });
  const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: label, path: repo } });
  const agent = await createAgent(prisma, workspace.id, {
    chunkDelayMs: 0,
    scenarios: [{ steps: [{ toolCalls: [{ name: "write_file", args: { path: "notes.md", content: "bench\n" } }] }, { text: "Done." }] }],
  });
  const rooms: { id: string; workspaceId: string; conversationId: string }[] = [];
  for (let i = 0; i < ROOMS; i++) {
    const room = await createRoom(prisma, { workspaceId: workspace.id, userId: user.id }, { name: `${label}-${i}`, mode: "chat", autonomy: "auto", repositoryId: repository.id, agentId: agent.id });
    rooms.push({ ...room, conversationId: (await prisma.conversation.findFirstOrThrow({ where: { roomId: room.id } })).id });
  }
  const children = hosts.map((id) => startHost(root, id, databaseUrl));
  try {
    await waitFor(async () => (await prisma.host.count({ where: { id: { in: hosts } } })) === hosts.length);
    const newRuns = () => Promise.all(rooms.map((room) => createRun(prisma, { ...room, agentId: agent.id }, "go")));
    await runAll(db, await newRuns());
    const ms = await runAll(db, await newRuns());
    return (ROOMS * 1000) / ms;
  } finally {
    for (const child of children) child.kill("SIGKILL");
    await prisma.host.deleteMany({ where: { id: { in: hosts } } });
  }
}

async function takeover(db: Database, root: string, databaseUrl: string): Promise<number> {
  const { prisma } = db;
  const user = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: user.id, role: "owner" }]);
  const repo = await makeRepo(root, "bench-takeover", { "README.md": "bench\n" });
  const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "takeover", path: repo } });
  const agent = await createAgent(prisma, workspace.id, {
    chunkDelayMs: 0,
    scenarios: [
      {
        steps: [
          { toolCalls: [{ name: "write_file", args: { path: "a.txt", content: "a\n" } }] },
          { toolCalls: [{ name: "run_command", args: { command: "sleep 120", timeoutMs: 150_000 } }] },
          { text: "Done." },
        ],
      },
    ],
  });
  const room = await createRoom(prisma, { workspaceId: workspace.id, userId: user.id }, { name: "takeover", mode: "chat", autonomy: "auto", repositoryId: repository.id, agentId: agent.id });
  const conversationId = (await prisma.conversation.findFirstOrThrow({ where: { roomId: room.id } })).id;
  const run = await createRun(prisma, { ...room, agentId: agent.id, conversationId }, "go");
  const a = startHost(root, "take-a", databaseUrl);
  const b = startHost(root, "take-b", databaseUrl);
  try {
    await waitFor(async () => (await prisma.host.count({ where: { id: { in: ["take-a", "take-b"] } } })) === 2);
    await enqueueJob(prisma, advanceRunJob(run.id));
    const call = await waitFor(() => prisma.toolCall.findFirst({ where: { runId: run.id, tool: "run_command", status: "executing" } }));
    const holder = (await prisma.room.findUniqueOrThrow({ where: { id: room.id } })).hostId;
    void call;
    const start = performance.now();
    (holder === "take-a" ? a : b).kill("SIGKILL");
    await waitFor(async () => ["succeeded", "failed"].includes((await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).status));
    return performance.now() - start;
  } finally {
    a.kill("SIGKILL");
    b.kill("SIGKILL");
  }
}

export async function benchHosts(): Promise<BenchResult[]> {
  return withFreshDatabase("worker hosts", async (databaseUrl) => {
    const root = await makeTempRoot("gatehouse-bench-hosts-");
    const saved = { ...process.env };
    const refs = await startRefsServer({ root: path.join(root, "refs"), secret: SECRET });
    Object.assign(process.env, {
      DATABASE_URL: databaseUrl,
      GATEHOUSE_DATA_DIR: path.join(root, "web"),
      GATEHOUSE_REPOSITORY_ROOTS: root,
      GATEHOUSE_HOST_ID: "bench-web",
      GATEHOUSE_REFS_URL: refs.origin,
      GATEHOUSE_REFS_SECRET: SECRET,
    });
    await mkdir(path.join(root, "web"), { recursive: true });
    const db = await openDatabase({ url: databaseUrl, migrate: false });
    try {
      const one = await throughput(db, root, databaseUrl, ["one-a"], "one");
      const two = await throughput(db, root, databaseUrl, ["two-a", "two-b"], "two");
      const takeoverMs = await takeover(db, root, databaseUrl);
      return [
        { name: `runs/s, one host (${ROOMS} rooms, a write and its refs push per run)`, value: one, unit: "runs/s" },
        { name: "runs/s, two hosts (same work)", value: two, unit: "runs/s" },
        { name: "two hosts ÷ one", value: two / one, unit: "×" },
        { name: `SIGKILL of a host mid-run → run finished on the other (dead after ${DEAD_MS} ms)`, value: takeoverMs, unit: "ms" },
        { name: "of which beyond the dead threshold (claim, rebuild from refs, resume)", value: takeoverMs - DEAD_MS, unit: "ms" },
      ];
    } finally {
      await db.close();
      await refs.close();
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
      await rm(root, { recursive: true, force: true });
    }
  });
}
