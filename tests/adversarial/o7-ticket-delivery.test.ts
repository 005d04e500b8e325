/**
 * O7 with H1/H2 (adversarial): when a code ticket's run ends, the platform
 * commits what the agent left in its worktree on the host. The agent controls
 * that worktree — in the real sandbox it plants a git directory of its making
 * (hooks, fsmonitor, an external diff, a filter), tries to point the
 * worktree's `.git` at it, adds hooks in the worktree, attributes naming the
 * filter, and a nested repository. Nothing it
 * planted runs on the host, the commit lands on the ticket's own branch in
 * Gatehouse's mirror from the records, and a nested repository fails the
 * ticket with the reason instead of being committed as a gitlink.
 */
import { mkdir, readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../lib/db/client";
import { approveProposal } from "../../lib/orchestration/approve-proposal";
import { recordProposal } from "../../lib/orchestration/record-proposal";
import { mirrorPath } from "../../lib/repos/mirror-paths";
import { gitSync } from "../../lib/repos/git.test-support";
import { createRoom } from "../../lib/rooms/create-room";
import { testDatabase } from "../support/db";
import { createAgent, createUser, createWorkspace } from "../support/factories";
import { inProcessWorker, waitFor } from "../support/plan-fixtures";
import { makeRepo, useDataDir } from "../support/reviews";

let data: Awaited<ReturnType<typeof useDataDir>>;
let marks: string;
beforeAll(async () => {
  data = await useDataDir();
  marks = path.join(data.root, "marks");
  await mkdir(marks);
});
afterAll(() => data.cleanup());

const mark = (what: string) => `touch ${path.join(marks, what)}`;

function plantScript(nested: boolean): string {
  return [
    "mkdir -p planted/refs planted/objects planted/hooks .githooks",
    "echo ref: refs/heads/main > planted/HEAD",
    `printf '[core]\\n\\tfsmonitor = "${mark("fsmonitor")}"\\n\\thooksPath = .githooks\\n[diff]\\n\\texternal = "${mark("external-diff")}"\\n[filter "x"]\\n\\tclean = "${mark("filter")}"\\n' > planted/config`,
    `printf '#!/bin/sh\\n${mark("planted-hook")}\\n' > planted/hooks/pre-commit && chmod +x planted/hooks/pre-commit`,
    `printf '#!/bin/sh\\n${mark("worktree-hook")}\\n' > .githooks/pre-commit && chmod +x .githooks/pre-commit`,
    // The worktree's own .git is the server's (the sandbox may not rewrite it); tried anyway.
    "(printf 'gitdir: planted\\n' > .git 2>/dev/null || true)",
    "echo '* filter=x' > .gitattributes",
    "echo work > src/work.txt",
    ...(nested ? ["git init -q sub && git -C sub -c user.name=a -c user.email=a@b.c commit -q --allow-empty -m nested"] : []),
    "echo planted",
  ].join(" && ");
}

async function pipeline(db: Database, nested: boolean) {
  const { prisma } = db;
  const user = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: user.id, role: "owner" }]);
  const repoPath = await makeRepo(data.root, `repo-${workspace.slug}`, { "README.md": "# R\n", "src/index.ts": "export {};\n" });
  const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: `r-${workspace.slug}`, path: repoPath } });
  const script = {
    scenarios: [
      { when: "^Ticket plant:", steps: [{ toolCalls: [{ name: "run_command", args: { command: plantScript(nested) } }] }, { text: "Planted." }] },
      { steps: [{ text: "Summary." }] },
    ],
  };
  const lead = await createAgent(prisma, workspace.id, script, { name: "lead" });
  const room = await createRoom(prisma, { workspaceId: workspace.id, userId: user.id }, { name: "Planted", mode: "orchestrate", autonomy: "auto", repositoryId: repository.id, agentId: lead.id });
  const scope = { workspaceId: workspace.id, roomId: room.id };
  const conversation = await prisma.conversation.findFirstOrThrow({ where: { roomId: room.id } });
  const { proposalId } = await recordProposal(prisma, { ...scope, runId: null, conversationId: conversation.id }, {
    roles: [{ name: "planter", description: "" }],
    tickets: [{ key: "plant", title: "Plant", description: "", role: "planter", scope: ["src/"] }],
    synthesis: { title: "Planted goal", description: "" },
    budget: { maxRuns: 5, maxMinutes: 10 },
  });
  const approved = await approveProposal(prisma, { ...scope, proposalId, userId: user.id });
  return { prisma, repository, approved };
}

describe("O7: delivering a ticket's work on the host", () => {
  it("O7, H1, H2 (adversarial): a planted git directory with hostile config, hooks in the worktree and a filter run nothing on the host; the commit lands on the ticket's branch from the records", async () => {
    const db = await testDatabase();
    const { prisma, repository, approved } = await pipeline(db, false);
    const worker = await inProcessWorker(db);
    let ticket;
    try {
      ticket = await waitFor("the ticket's pull request", () => prisma.ticket.findFirst({ where: { orchestrationId: approved.orchestrationId, key: "plant", pullRequestId: { not: null } } }), 120_000);
    } finally {
      await worker.stop();
    }
    const mirror = mirrorPath(repository.id);
    expect((await prisma.toolCall.findFirstOrThrow({ where: { tool: "run_command", run: { ticketId: ticket.id } } })).result).toContain("planted");
    const files = gitSync(mirror, ["ls-tree", "-r", "--name-only", ticket.branch!]).split("\n");
    expect(files).toContain("src/work.txt");
    // The branch grew by the platform's one commit on top of the base, in Gatehouse's mirror.
    expect(gitSync(mirror, ["rev-parse", `${ticket.branch!}~1`]).trim()).toBe(ticket.baseSha);
    expect((await readdir(marks)).sort()).toEqual([]);
  }, 300_000);

  it("O7, H2 (adversarial): a nested repository is never committed as a gitlink; the ticket fails saying why and no pull request is opened", async () => {
    const db = await testDatabase();
    const { prisma, repository, approved } = await pipeline(db, true);
    const worker = await inProcessWorker(db);
    let ticket;
    try {
      ticket = await waitFor("the ticket to fail", () => prisma.ticket.findFirst({ where: { orchestrationId: approved.orchestrationId, key: "plant", status: "failed" } }), 120_000);
    } finally {
      await worker.stop();
    }
    expect(ticket.error).toMatch(/sub is a nested git repository/);
    expect(ticket.pullRequestId).toBeNull();
    expect(await prisma.pullRequest.count({ where: { repositoryId: repository.id } })).toBe(0);
    expect(gitSync(mirrorPath(repository.id), ["rev-parse", ticket.branch!]).trim()).toBe(ticket.baseSha);
    expect((await readdir(marks)).sort()).toEqual([]);
  }, 300_000);
});
