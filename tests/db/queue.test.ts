/**
 * The PostgreSQL-backed queue: jobs are claimed once under contention, and a
 * worker killed mid-run leaves a run that another worker finishes — no lost
 * message, no tool executed twice.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../lib/db/client";
import { claimJob, completeJob } from "../../lib/queue/claim-job";
import { z } from "zod";
import { defineJob } from "../../lib/queue/define-job";
import { enqueueJob } from "../../lib/queue/enqueue-job";
import { startWorker } from "../../lib/queue/run-worker";
import { makeFixture, type Fixture } from "../../lib/repos/git.test-support";
import { jobHandlers } from "../../lib/runtime/job-handlers";
import { postMessage } from "../../lib/runs/post-message";
import { testDatabase } from "../support/db";
import { createAgent, createRoom, createUser, createWorkspace } from "../support/factories";
import { waitFor } from "../support/wait-for";

let fx: Fixture;
beforeAll(async () => {
  fx = await makeFixture();
});
afterAll(() => fx.cleanup());

/** Jobs of these tests only, declared as every job is (lib/queue/define-job.ts). */
const testCount = defineJob({ kind: "test.count", payload: z.object({ i: z.number() }), retry: { maxAttempts: 3 } });
const testKey = defineJob({ kind: "test.key", payload: z.object({}), retry: { maxAttempts: 3 } });
const testWake = defineJob({ kind: "test.wake", payload: z.object({ i: z.number() }), retry: { maxAttempts: 3 } });
const testStall = defineJob({ kind: "test.stall", payload: z.object({}), retry: { maxAttempts: 3 } });


describe("queue", () => {
  it("claims each of 200 jobs exactly once across 4 concurrent claimers (FOR UPDATE SKIP LOCKED)", async () => {
    const { prisma } = await testDatabase();
    for (let i = 0; i < 200; i++) await enqueueJob(prisma, testCount.job({ i }));
    const claimed: number[] = [];
    await Promise.all(
      Array.from({ length: 4 }, async (_, w) => {
        // Each claimer gets its own database handle, as separate workers would.
        const db = await openDatabase({ url: process.env.DATABASE_URL, migrate: false });
        for (;;) {
          const job = await claimJob(db.prisma, `w${w}`, 30_000);
          if (!job) break;
          if (job.kind === "test.count") claimed.push(Number(job.payload.i));
          await completeJob(db.prisma, job.id, `w${w}`);
        }
        await db.close();
      }),
    );
    expect(claimed.sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it("a job key dedupes while the job waits, and can be queued again once it runs", async () => {
    const { prisma } = await testDatabase();
    await enqueueJob(prisma, testKey.job({}, { key: "same" }));
    await enqueueJob(prisma, testKey.job({}, { key: "same" }));
    expect(await prisma.job.count({ where: { key: "same", status: "queued" } })).toBe(1);
    const job = await claimJob(prisma, "w", 30_000);
    expect(job?.kind).toBe("test.key");
    await enqueueJob(prisma, testKey.job({}, { key: "same" }));
    expect(await prisma.job.count({ where: { key: "same" } })).toBe(2);
  });

  it("S2: a worker wakes for a job enqueued while it claims, and for a delayed job when it falls due, without waiting for its poll", async () => {
    const db = await testDatabase();
    const done: { at: number; i: number }[] = [];
    // A poll far longer than the test: any job handled in time was woken for, not polled for.
    const worker = await startWorker({
      db,
      workerId: "wake-test",
      concurrency: 1,
      pollMs: 60_000,
      handlers: {
        "test.wake": async (payload) => {
          done.push({ at: Date.now(), i: Number(payload.i) });
        },
      },
    });
    try {
      // Enqueued back to back, from another connection too, so some land while the loop is claiming.
      const other = await openDatabase({ url: process.env.DATABASE_URL, migrate: false });
      const started = Date.now();
      for (let i = 0; i < 20; i++) await enqueueJob(i % 2 ? other.prisma : db.prisma, testWake.job({ i }));
      await waitFor("20 jobs handled", async () => done.length === 20, 10_000);
      expect(Math.max(...done.map((d) => d.at)) - started).toBeLessThan(5_000);
      const dueAt = Date.now() + 300;
      await enqueueJob(other.prisma, testWake.job({ i: 99 }, { runAt: new Date(dueAt) }));
      const delayed = await waitFor("the delayed job", async () => done.find((d) => d.i === 99), 10_000);
      expect(delayed.at).toBeGreaterThanOrEqual(dueAt - 50);
      expect(delayed.at - dueAt).toBeLessThan(5_000);
      await other.close();
    } finally {
      await worker.stop();
    }
  });

  it("A5: a worker whose event loop stalled past its job's lease never runs that job a second time beside the first", async () => {
    const db = await testDatabase();
    let starts = 0;
    let running = 0;
    let overlapped = false;
    const worker = await startWorker({
      db,
      workerId: "stall-test",
      concurrency: 2,
      leaseMs: 300,
      pollMs: 50,
      handlers: {
        "test.stall": async () => {
          starts++;
          running++;
          if (running > 1) overlapped = true;
          // A busy machine: no timer (nor lease renewal) fires for five leases, then the job awaits.
          const until = Date.now() + 1_500;
          while (Date.now() < until);
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          running--;
        },
      },
    });
    try {
      await enqueueJob(db.prisma, testStall.job({}));
      await waitFor("the job to finish", async () => (await db.prisma.job.count({ where: { kind: "test.stall", status: "done" } })) === 1, 20_000);
      expect({ starts, overlapped }).toEqual({ starts: 1, overlapped: false });
    } finally {
      await worker.stop();
    }
  });

  it("A5: a worker killed mid-run leaves a run another worker finishes; nothing lost, no tool executed twice", { timeout: 300_000 }, async () => {
    const db = await testDatabase();
    const { prisma } = db;
    const user = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: user.id, role: "owner" }]);
    const slowWords = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");
    const agent = await createAgent(prisma, workspace.id, {
      chunkDelayMs: 150,
      scenarios: [
        {
          steps: [
            { toolCalls: [{ name: "write_file", args: { path: "first.md", content: "first\n" } }] },
            { text: slowWords, toolCalls: [{ name: "write_file", args: { path: "second.md", content: "second\n" } }] },
            { text: "finished" },
          ],
        },
      ],
    });
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, worktreePath: fx.worktree });
    // Drain anything earlier tests left in the queue.
    await prisma.job.deleteMany({});
    const { run } = await postMessage(prisma, { workspaceId: workspace.id, roomId: room.id, userId: user.id, content: "write two files" });

    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/worker.ts"], {
      env: { ...process.env, GATEHOUSE_LEASE_MS: "2000" },
      stdio: "ignore",
    });
    // Kill it while it streams the second turn: the first call has run, the second has not.
    await waitFor("the first call to run", async () =>
      (await prisma.toolCall.findFirst({ where: { runId: run!.id, status: "executed" } })) && (await prisma.run.findUnique({ where: { id: run!.id } }))?.steps === 1,
    );
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    expect(existsSync(path.join(fx.worktree, "second.md"))).toBe(false);

    const worker = await startWorker({ db, workerId: "rescuer", leaseMs: 2000, pollMs: 200, handlers: jobHandlers(db, { owner: "rescuer", runLeaseMs: 2000 }) });
    const finished = await waitFor("the run to finish", async () => {
      const r = await prisma.run.findUnique({ where: { id: run!.id } });
      return r && ["succeeded", "failed"].includes(r.status) ? r : null;
    });
    await worker.stop();

    expect(finished.status).toBe("succeeded");
    expect(await readFile(path.join(fx.worktree, "first.md"), "utf8")).toBe("first\n");
    expect(await readFile(path.join(fx.worktree, "second.md"), "utf8")).toBe("second\n");
    const calls = await prisma.toolCall.findMany({ where: { runId: run!.id }, orderBy: { createdAt: "asc" } });
    expect(calls.map((c) => [c.tool, c.status])).toEqual([
      ["write_file", "executed"],
      ["write_file", "executed"],
    ]);
    expect(await prisma.message.count({ where: { conversationId: room.conversationId, role: "user" } })).toBe(1);
  });
});
