/**
 * H3: editing a repository's settings — whatever registration set — under the
 * same rules as registration: a new folder or remote is read into a staging
 * mirror first (a bad one is a 422 and nothing changes), the default branch is
 * one of the repository's branches, names stay unique, the webhook secret stays
 * write-only, and the repository's mirror follows its new source.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerRepository } from "../../lib/repositories/register-repository";
import { updateRepository } from "../../lib/repositories/update-repository";
import { listBranches } from "../../lib/repos/list-branches";
import { mirrorPath } from "../../lib/repos/mirror-paths";
import { createWorkspace } from "../../lib/workspaces/create-workspace";
import type { WorkspaceActor } from "../../lib/workspaces/actor";
import { testDatabase } from "../support/db";
import { uid } from "../support/factories";
import { checkout, commitFiles, makeRepo, useDataDir } from "../support/reviews";

let data: Awaited<ReturnType<typeof useDataDir>>;
beforeAll(async () => {
  data = await useDataDir();
});
afterAll(() => data.cleanup());

async function owner(): Promise<WorkspaceActor> {
  const { prisma } = await testDatabase();
  const user = await prisma.user.create({ data: { email: `edit-${uid()}@r.test`, name: "Owner" } });
  const ws = await createWorkspace(prisma, user.id, { name: `Edit ${uid()}` });
  return { workspaceId: ws.id, userId: user.id, role: "owner" };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { code?: string; message: string }) => ({ code: error.code, message: error.message }),
  );

describe("edit a repository", () => {
  it("H3: name, default branch, GitHub name and webhook secret change with registration's checks; the secret never comes back", async () => {
    const { prisma } = await testDatabase();
    const actor = await owner();
    const dir = await makeRepo(data.root, `edit-${uid()}`, { "a.txt": "a\n" });
    checkout(dir, "develop", true);
    await commitFiles(dir, { "b.txt": "b\n" }, "On develop");
    checkout(dir, "main");
    const repo = await registerRepository(prisma, actor, { name: "first", path: dir, defaultBranch: "main" });
    await registerRepository(prisma, actor, { name: "taken", path: await makeRepo(data.root, `taken-${uid()}`, { "x": "x\n" }) });

    const edited = await updateRepository(prisma, actor, repo.id, { name: "pricing", defaultBranch: "develop", githubFullName: "acme/pricing", webhookSecret: "a-long-webhook-secret-1" });
    expect(edited).toMatchObject({ id: repo.id, name: "pricing", defaultBranch: "develop", githubFullName: "acme/pricing", hasWebhookSecret: true, path: dir });
    expect(JSON.stringify(edited)).not.toContain("a-long-webhook-secret-1");
    const audit = await prisma.auditEvent.findFirstOrThrow({ where: { action: "repository.updated", targetId: repo.id } });
    expect(audit).toMatchObject({ actorId: actor.userId, data: { changed: ["name", "defaultBranch", "githubFullName", "webhookSecret"], webhookSecret: "replaced" } });
    expect(JSON.stringify(audit.data)).not.toContain("a-long-webhook-secret-1");
    // H3: the secret is the setter's grant, ended with their authority like any other.
    expect((await prisma.repository.findUniqueOrThrow({ where: { id: repo.id } })).webhookSecretSetById).toBe(actor.userId);

    expect(await refusal(updateRepository(prisma, actor, repo.id, { defaultBranch: "release" }))).toEqual({
      code: "unprocessable",
      message: '"release" is not a branch of this repository; pick one of its branches as the default.',
    });
    expect(await refusal(updateRepository(prisma, actor, repo.id, { defaultBranch: "bad..name" }))).toMatchObject({ code: undefined });
    expect(await refusal(updateRepository(prisma, actor, repo.id, { name: "taken" }))).toMatchObject({ code: "conflict" });
    expect(await refusal(updateRepository(prisma, actor, repo.id, { githubFullName: null }))).toMatchObject({
      code: "unprocessable",
      message: "A webhook secret needs the GitHub name (owner/repository) whose deliveries it signs.",
    });
    expect(await refusal(updateRepository(prisma, { ...actor, role: "member" }, repo.id, { name: "mine" }))).toMatchObject({ code: "forbidden" });
    // Nothing of the refused edits was written.
    expect(await prisma.repository.findUniqueOrThrow({ where: { id: repo.id } })).toMatchObject({ name: "pricing", defaultBranch: "develop", githubFullName: "acme/pricing" });

    await updateRepository(prisma, actor, repo.id, { webhookSecret: null });
    expect((await prisma.repository.findUniqueOrThrow({ where: { id: repo.id } })).webhookSecret).toBeNull();
  });

  it("H3: a new folder is checked like at registration and read into the repository's mirror; one that is no repository changes nothing", async () => {
    const { prisma } = await testDatabase();
    const actor = await owner();
    const first = await makeRepo(data.root, `src-${uid()}`, { "a.txt": "a\n" });
    const repo = await registerRepository(prisma, actor, { name: "moving", path: first });
    const plain = join(data.root, `plain-${uid()}`);
    mkdirSync(plain);
    expect(await refusal(updateRepository(prisma, actor, repo.id, { path: plain }))).toEqual({
      code: "unprocessable",
      message: `${plain} is not a git repository. Run \`git init\` there, or give the repository's top folder.`,
    });
    expect(await refusal(updateRepository(prisma, actor, repo.id, { path: "/etc" }))).toMatchObject({ code: "unprocessable" });
    expect(await refusal(updateRepository(prisma, actor, repo.id, { path: null }))).toMatchObject({ code: "unprocessable", message: expect.stringContaining("remote URL") });
    expect((await prisma.repository.findUniqueOrThrow({ where: { id: repo.id } })).path).toBe(first);

    const second = await makeRepo(data.root, `src2-${uid()}`, { "z.txt": "z\n" });
    checkout(second, "feature/moved", true);
    await commitFiles(second, { "z.txt": "zz\n" }, "Moved");
    expect(await updateRepository(prisma, actor, repo.id, { path: second })).toMatchObject({ path: second });
    expect((await listBranches(mirrorPath(repo.id))).map((b) => b.name)).toContain("feature/moved");
  });
});
