/**
 * Issue 24: more than one machine. Two worker "hosts" — child processes
 * running scripts/worker.ts with their own GATEHOUSE_HOST_ID and data
 * directory — share one PostgreSQL and one refs server (git's smart HTTP with
 * per-repository credentials). A host killed with SIGKILL mid-run is declared
 * dead when its heartbeat ages, and the other host rebuilds the room's
 * worktree from the refs and finishes the run: no tool runs twice, no commit
 * (nor uncommitted file) is lost.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../lib/db/client";
import { refsRemoteUrl, roomHeadRef } from "../../lib/hosts/refs-remote";
import { startRefsServer, type RefsServer } from "../../lib/hosts/refs-server";
import { advanceRunJob, enqueueJob } from "../../lib/queue/enqueue-job";
import { gitSync } from "../../lib/repos/git.test-support";
import { approveProposal } from "../../lib/orchestration/approve-proposal";
import { mergePullRequest } from "../../lib/pulls/merge-pull-request";
import { createRoom } from "../../lib/rooms/create-room";
import { postMessage } from "../../lib/runs/post-message";
import { testDatabase } from "../support/db";
import { createAgent, createRun, createUser, createWorkspace } from "../support/factories";
import { makeRepo, useDataDir } from "../support/reviews";
import { waitFor } from "../support/wait-for";

const SECRET = "issue-24-refs-secret-for-tests";
let data: Awaited<ReturnType<typeof useDataDir>>;
let db: Database;
let refs: RefsServer;
const children = new Set<ChildProcess>();
const saved = { ...process.env };

beforeAll(async () => {
  data = await useDataDir();
  db = await testDatabase();
  refs = await startRefsServer({ root: path.join(data.root, "refs"), secret: SECRET });
  // The test process is the web process: a host of its own that never beats, so it binds no job.
  process.env.GATEHOUSE_HOST_ID = "web-test";
  process.env.GATEHOUSE_REFS_URL = refs.origin;
  process.env.GATEHOUSE_REFS_SECRET = SECRET;
});
// A test that fails midway leaves its hosts running; they must not take the next test's jobs.
afterEach(() => {
  for (const child of children) child.kill("SIGKILL");
});
afterAll(async () => {
  for (const name of ["GATEHOUSE_HOST_ID", "GATEHOUSE_REFS_URL", "GATEHOUSE_REFS_SECRET"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await refs.close();
  await data.cleanup();
});

function startHost(hostId: string): ChildProcess {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/worker.ts"], {
    env: {
      ...process.env,
      GATEHOUSE_HOST_ID: hostId,
      GATEHOUSE_DATA_DIR: path.join(data.root, hostId),
      GATEHOUSE_LEASE_MS: "2000",
      GATEHOUSE_HOST_DEAD_MS: "3000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}


describe("issue 24: worker hosts", () => {
  it("issue 24.1-2: a host killed with SIGKILL mid-run is declared dead; the other host rebuilds the worktree from refs and finishes — no tool twice, no commit lost", async () => {
    const { prisma } = db;
    const user = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: user.id, role: "owner" }]);
    const repo = await makeRepo(data.root, `hosts-${workspace.slug}`, { "README.md": "hosts\n" });
    const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "hosts", path: repo } });
    const agent = await createAgent(prisma, workspace.id, {
      scenarios: [
        {
          steps: [
            { toolCalls: [{ name: "write_file", args: { path: "a.txt", content: "one\n" } }] },
            { toolCalls: [{ name: "git_commit", args: { message: "First" } }] },
            { toolCalls: [{ name: "write_file", args: { path: "b.txt", content: "two\n" } }] },
            // The host dies while this runs: it must never run again, on any host.
            { toolCalls: [{ name: "run_command", args: { command: "echo ran >> ran.log; sleep 120", timeoutMs: 150_000 } }] },
            { toolCalls: [{ name: "git_commit", args: { message: "Second" } }] },
            { text: "Done." },
          ],
        },
      ],
    });
    const room = await createRoom(prisma, { workspaceId: workspace.id, userId: user.id }, { name: "two hosts", mode: "chat", autonomy: "auto", repositoryId: repository.id, agentId: agent.id });
    expect(room).toMatchObject({ hostId: "web-test", workHead: expect.stringMatching(/^[0-9a-f]{40}$/) });
    const conversation = await prisma.conversation.findFirstOrThrow({ where: { roomId: room.id } });
    const run = await createRun(prisma, { id: room.id, workspaceId: workspace.id, agentId: agent.id, conversationId: conversation.id }, "go");
    await prisma.job.deleteMany({});

    const hostA = startHost("host-a");
    await enqueueJob(prisma, advanceRunJob(run.id));
    // Host A adopts the room (its maker never beats) and runs until the long command.
    await waitFor("the command to start on host A", () =>
      prisma.toolCall.findFirst({ where: { runId: run.id, tool: "run_command", status: "executing" } }),
    );
    const onA = await prisma.room.findUniqueOrThrow({ where: { id: room.id } });
    expect(onA.hostId).toBe("host-a");
    expect(onA.worktreePath).toBe(path.join(data.root, "host-a", "worktrees", room.id));
    // b.txt was written and not committed: the boundary push made it a work commit on the refs server.
    expect(onA.workCommit).not.toBe(onA.workHead);

    const hostB = startHost("host-b");
    await waitFor("host B's heartbeat", () => prisma.host.findUnique({ where: { id: "host-b" } }));
    hostA.kill("SIGKILL");
    const finished = await waitFor("the run to finish on host B", async () => {
      const current = await prisma.run.findUniqueOrThrow({ where: { id: run.id } });
      return ["succeeded", "failed"].includes(current.status) ? current : null;
    });
    expect(finished.status).toBe("succeeded");

    const onB = await prisma.room.findUniqueOrThrow({ where: { id: room.id } });
    expect(onB.hostId).toBe("host-b");
    const worktree = path.join(data.root, "host-b", "worktrees", room.id);
    expect(onB.worktreePath).toBe(worktree);
    // The command ran once, on host A; on host B its outcome is unknown and it never ran again.
    expect(await readFile(path.join(data.root, "host-a", "worktrees", room.id, "ran.log"), "utf8")).toBe("ran\n");
    expect(existsSync(path.join(worktree, "ran.log"))).toBe(false);
    const calls = await prisma.toolCall.findMany({ where: { runId: run.id }, orderBy: { step: "asc" } });
    expect(calls.map((c) => [c.tool, c.status])).toEqual([
      ["write_file", "executed"],
      ["git_commit", "executed"],
      ["write_file", "executed"],
      ["run_command", "error"],
      ["git_commit", "executed"],
    ]);
    expect(String(calls[3]!.result)).toMatch(/outcome of this call is unknown/);

    // No commit lost: the branch on the refs server holds First, then Second with the file A left uncommitted.
    const shared = path.join(data.root, "refs", `${repository.id}.git`);
    const head = gitSync(shared, ["rev-parse", roomHeadRef(room.id)]).trim();
    expect(head).toBe(onB.workHead);
    expect(gitSync(shared, ["log", "--format=%s", head]).trim().split("\n")).toEqual(["Second", "First", "Initial commit"]);
    expect(gitSync(shared, ["show", `${head}:b.txt`])).toBe("two\n");
    expect(gitSync(shared, ["show", `${head}:a.txt`])).toBe("one\n");
    expect(await readFile(path.join(worktree, "b.txt"), "utf8")).toBe("two\n");

    // Both hosts are on record; host B's mirror too. The refs server refuses another repository's password.
    expect((await prisma.host.findMany({ where: { id: { in: ["host-a", "host-b"] } } })).map((h) => h.id).sort()).toEqual(["host-a", "host-b"]);
    expect(await prisma.hostMirror.findUnique({ where: { hostId_repositoryId: { hostId: "host-b", repositoryId: repository.id } } })).not.toBeNull();
    const wrong = new URL(refsRemoteUrl(repository.id));
    wrong.password = "0".repeat(64);
    const refused = await fetch(`${wrong.origin}${wrong.pathname}/info/refs?service=git-upload-pack`, {
      headers: { authorization: `Basic ${Buffer.from(`gatehouse:${wrong.password}`).toString("base64")}` },
    });
    expect(refused.status).toBe(401);
    hostB.kill("SIGTERM");
  }, 300_000);

  it("issue 24: a plan's parallel tickets, their pull requests, reviews and merges complete over two hosts; the host holding the tickets is killed mid-run and the other finishes them from refs", async () => {
    const { prisma } = db;
    const dana = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: dana.id, role: "owner" }]);
    const repo = await makeRepo(data.root, `plan-${workspace.slug}`, { "README.md": "# Service\n", "src/api/index.ts": "export {};\n", "src/ui/index.ts": "export {};\n" });
    const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: `plan-${workspace.slug}`, path: repo } });
    const proposal = {
      roles: [
        { name: "backend", description: "Works in src/api." },
        { name: "frontend", description: "Works in src/ui." },
      ],
      tickets: [
        { key: "api", title: "Add a rate limit", description: "Limit requests.", role: "backend", acceptance: ["LIMIT is exported"], scope: ["src/api/"] },
        { key: "ui", title: "Show the limit", description: "A banner.", role: "frontend", acceptance: ["A banner shows it"], scope: ["src/ui/"] },
      ],
      synthesis: { title: "Rate limits", description: "Sum up." },
      budget: { maxRuns: 20, maxMinutes: 30 },
    };
    const script = {
      chunkDelayMs: 0,
      scenarios: [
        {
          when: "^Ticket api:",
          steps: [
            { toolCalls: [{ name: "write_file", args: { path: "src/api/limits.ts", content: "export const LIMIT = 100;\n" } }] },
            { toolCalls: [{ name: "git_commit", args: { message: "Add the rate limit" } }] },
            { toolCalls: [{ name: "run_command", args: { command: "sleep 120", timeoutMs: 150_000 } }] },
            { text: "Added LIMIT." },
          ],
        },
        {
          when: "^Ticket ui:",
          steps: [
            { toolCalls: [{ name: "write_file", args: { path: "src/ui/banner.ts", content: "export const banner = 1;\n" } }] },
            { toolCalls: [{ name: "run_command", args: { command: "sleep 120", timeoutMs: 150_000 } }] },
            { text: "Added the banner." },
          ],
        },
        { when: "^Ticket synthesis:", steps: [{ text: "Synthesis: limit and banner." }] },
        { steps: [{ toolCalls: [{ name: "propose_orchestration", args: proposal }] }, { text: "Proposed." }] },
      ],
    };
    const proposer = await createAgent(prisma, workspace.id, script, { name: "lead" });
    const room = await createRoom(prisma, { workspaceId: workspace.id, userId: dana.id }, { name: "Rate limits", mode: "orchestrate", autonomy: "auto", repositoryId: repository.id, agentId: proposer.id });
    await prisma.job.deleteMany({});

    const hosts = { "plan-a": startHost("plan-a"), "plan-b": startHost("plan-b") };
    await waitFor("both heartbeats", async () => (await prisma.host.count({ where: { id: { in: Object.keys(hosts) } } })) === 2);
    await postMessage(prisma, { workspaceId: workspace.id, roomId: room.id, userId: dana.id, content: "Goal: rate limits." });
    const pending = await waitFor("the proposal", () => prisma.orchestrationProposal.findFirst({ where: { roomId: room.id, status: "pending" } }));
    const approved = await approveProposal(prisma, { workspaceId: workspace.id, roomId: room.id, proposalId: pending.id, userId: dana.id });

    // Both tickets run at once, in worktrees the ticking host made; kill that host while they run.
    await waitFor("both tickets' commands to run", async () =>
      (await prisma.toolCall.count({ where: { tool: "run_command", status: "executing", run: { ticket: { orchestrationId: approved.orchestrationId } } } })) === 2,
    ).catch(async (error) => {
      const state = await prisma.ticket.findMany({ where: { orchestrationId: approved.orchestrationId }, include: { run: { include: { toolCalls: true } } } });
      const jobs = await prisma.job.findMany({ where: { status: { not: "done" } } });
      throw new Error(`${(error as Error).message}: ${JSON.stringify({ tickets: state.map((t) => [t.key, t.status, t.error, t.run?.status, t.run?.error, t.run?.toolCalls.map((c) => [c.tool, c.status])]), jobs: jobs.map((j) => [j.kind, j.status, j.lastError]) }, null, 1)}`);
    });
    const tickets = await prisma.ticket.findMany({ where: { orchestrationId: approved.orchestrationId, key: { in: ["api", "ui"] } } });
    const stepRooms = await prisma.room.findMany({ where: { id: { in: tickets.map((t) => t.stepRoomId!) } } });
    const holder = stepRooms[0]!.hostId as keyof typeof hosts;
    expect(Object.keys(hosts)).toContain(holder);
    const survivor = (holder === "plan-a" ? "plan-b" : "plan-a") as keyof typeof hosts;
    hosts[holder].kill("SIGKILL");

    await waitFor("every ticket to finish", async () =>
      (await prisma.ticket.count({ where: { orchestrationId: approved.orchestrationId, status: "succeeded" } })) === 3,
      240_000,
    );
    const done = await prisma.ticket.findMany({ where: { orchestrationId: approved.orchestrationId, key: { in: ["api", "ui"] } }, include: { run: true } });
    for (const ticket of done) expect(ticket).toMatchObject({ status: "succeeded", resolution: "ship", run: { status: "succeeded" } });
    // The survivor rebuilt both ticket rooms and did the deliveries and reviews.
    const after = await prisma.room.findMany({ where: { id: { in: stepRooms.map((r) => r.id) } } });
    expect(after.map((r) => r.hostId)).toEqual([survivor, survivor]);
    const pulls = await prisma.pullRequest.findMany({ where: { repositoryId: repository.id }, include: { reviews: true, room: true } });
    expect(pulls).toHaveLength(2);
    for (const pull of pulls) {
      expect(pull.reviews.map((r) => r.verdict)).toEqual(["ship"]);
      expect(pull.room?.hostId).toBe(survivor);
    }
    // The killed commands ran once, on the dead host.
    const commands = await prisma.toolCall.findMany({ where: { tool: "run_command", run: { ticket: { orchestrationId: approved.orchestrationId } } } });
    expect(commands.map((c) => c.status)).toEqual(["error", "error"]);

    // Merged from the web process's own mirror, which fetched the heads from the refs server.
    const actor = { workspaceId: workspace.id, userId: dana.id, role: "owner" as const };
    for (const pull of pulls) await mergePullRequest(prisma, actor, pull.id, { method: "merge", headSha: pull.headSha });
    const merged = await prisma.pullRequest.findMany({ where: { repositoryId: repository.id } });
    expect(merged.map((p) => p.state)).toEqual(["merged", "merged"]);
    const mirror = path.join(data.root, "data", "mirrors", `${repository.id}.git`);
    expect(gitSync(mirror, ["show", "main:src/api/limits.ts"])).toBe("export const LIMIT = 100;\n");
    expect(gitSync(mirror, ["show", "main:src/ui/banner.ts"])).toBe("export const banner = 1;\n");
    hosts[survivor].kill("SIGTERM");
  }, 400_000);
});
