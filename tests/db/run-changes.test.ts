/**
 * What a run changed, on PostgreSQL with real git and the real harness: a
 * scripted agent writes, commits and writes again; its run lists exactly its
 * commit (with files and the diff), the file it left uncommitted, and a run
 * that did nothing says so. Another workspace cannot read it (H3).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../lib/db/client";
import { createRoom } from "../../lib/rooms/create-room";
import { advanceStoredRun } from "../../lib/runtime/advance-stored-run";
import { getRunChanges } from "../../lib/runs/get-run-changes";
import { testDatabase } from "../support/db";
import { createAgent, createRun, createUser, createWorkspace } from "../support/factories";
import { makeRepo, useDataDir } from "../support/reviews";

let data: Awaited<ReturnType<typeof useDataDir>>;
let db: Database;
beforeAll(async () => {
  data = await useDataDir();
  db = await testDatabase();
});
afterAll(() => data.cleanup());

type Call = { name: string; args: Record<string, unknown> };

async function runInRoom(workspaceId: string, userId: string, repositoryId: string, steps: Call[][]) {
  const { prisma } = db;
  const agent = await createAgent(prisma, workspaceId, { scenarios: [{ steps: [...steps.map((calls) => ({ toolCalls: calls })), { text: "Done." }] }] });
  const room = await createRoom(prisma, { workspaceId, userId }, { name: `room-${agent.id.slice(-6)}`, mode: "chat", autonomy: "auto", repositoryId, agentId: agent.id });
  const conversation = await prisma.conversation.findFirstOrThrow({ where: { roomId: room.id } });
  const run = await createRun(prisma, { id: room.id, workspaceId, agentId: agent.id, conversationId: conversation.id }, "go");
  expect(await advanceStoredRun(db, run.id, { owner: "run-changes-test" })).toMatchObject({ status: "succeeded" });
  return { room, run };
}

describe("what a run changed", () => {
  it("a run's commits come with their files and diff; a file it wrote but never committed is named; a run that did nothing says so; another workspace gets 404", async () => {
    const { prisma } = db;
    const user = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: user.id, role: "owner" }]);
    const repo = await makeRepo(data.root, `changes-${workspace.slug}`, { "src/a.js": "export const a = 1;\n" });
    const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "changes", path: repo } });

    const { room, run } = await runInRoom(workspace.id, user.id, repository.id, [
      [{ name: "edit_file", args: { path: "src/a.js", oldText: "1", newText: "2" } }],
      [{ name: "write_file", args: { path: "src/b.js", content: "export const b = 1;\n" } }],
      [{ name: "git_commit", args: { message: "Raise a, add b" } }],
      [{ name: "write_file", args: { path: "notes.md", content: "later\n" } }],
    ]);
    const changes = await getRunChanges(prisma, workspace.id, run.id);
    expect(changes).toMatchObject({ kind: "changed", room: { id: room.id, branch: room.branch }, uncommitted: ["notes.md"], ranCommands: false });
    expect(changes.commits).toHaveLength(1);
    expect(changes.commits[0]).toMatchObject({ subject: "Raise a, add b", files: [{ status: "M", path: "src/a.js" }, { status: "A", path: "src/b.js" }] });
    expect(changes.diff?.text).toContain("+export const a = 2;");
    expect(changes.diff?.files.map((f) => f.newPath)).toEqual(["src/a.js", "src/b.js"]);

    // Another run in the same room changed nothing: it claims none of the first run's commits.
    const idle = await runInRoom(workspace.id, user.id, repository.id, [[{ name: "read_file", args: { path: "src/a.js" } }]]);
    expect(await getRunChanges(prisma, workspace.id, idle.run.id)).toMatchObject({ kind: "none", commits: [], diff: null, uncommitted: [] });

    const stranger = await createUser(prisma);
    const other = await createWorkspace(prisma, [{ userId: stranger.id, role: "owner" }]);
    await expect(getRunChanges(prisma, other.id, run.id)).rejects.toMatchObject({ code: "not_found" });
  });
});
