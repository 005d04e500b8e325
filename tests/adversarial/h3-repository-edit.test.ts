/**
 * H3 through the edit of a repository's settings: what registration refuses,
 * an edit refuses too — another workspace's repository folder (directly or
 * through a symlink), Gatehouse's own data, a folder outside the operator's
 * roots, remote URLs git or ssh would read as options or other transports —
 * and a refused edit changes nothing, runs nothing.
 */
import { mkdir, readdir, rm, symlink } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDir } from "../../lib/config/data-dir";
import { registerRepository } from "../../lib/repositories/register-repository";
import { updateRepository } from "../../lib/repositories/update-repository";
import type { WorkspaceActor } from "../../lib/workspaces/actor";
import { createWorkspace } from "../../lib/workspaces/create-workspace";
import { testDatabase } from "../support/db";
import { uid } from "../support/factories";
import { makeRepo, useDataDir } from "../support/reviews";

let data: Awaited<ReturnType<typeof useDataDir>>;
beforeAll(async () => {
  data = await useDataDir();
});
afterAll(() => data.cleanup());

async function owner(): Promise<WorkspaceActor> {
  const { prisma } = await testDatabase();
  const user = await prisma.user.create({ data: { email: `h3-edit-${uid()}@r.test`, name: "Owner" } });
  const ws = await createWorkspace(prisma, user.id, { name: `H3 edit ${uid()}` });
  return { workspaceId: ws.id, userId: user.id, role: "owner" };
}

describe("H3: editing a repository cannot reach what registering cannot", { timeout: 120_000 }, () => {
  it("H3: B's repository cannot be pointed at A's folder, a link to it, Gatehouse's data or a folder outside the roots; nothing changes", async () => {
    const { prisma } = await testDatabase();
    const [a, b] = [await owner(), await owner()];
    const dirA = await makeRepo(data.root, `h3-edit-a-${uid()}`, { "secret.txt": "A's\n" });
    await registerRepository(prisma, a, { name: "a", path: dirA });
    const dirB = await makeRepo(data.root, `h3-edit-b-${uid()}`, { "b.txt": "b\n" });
    const repoB = await registerRepository(prisma, b, { name: "b", path: dirB });
    const link = path.join(data.root, `link-to-a-${uid()}`);
    await symlink(dirA, link);
    const outside = path.join("/tmp", `h3-outside-${uid()}`);
    await mkdir(outside, { recursive: true });

    const attempts: [string, RegExp][] = [
      [dirA, /overlaps a repository of another workspace/],
      [path.join(dirA, ".git"), /overlaps a repository of another workspace|not the top folder|not a git repository/],
      [link, /overlaps a repository of another workspace/],
      [dataDir(), /Gatehouse's own data/],
      [outside, /must be inside/],
    ];
    for (const [target, why] of attempts) {
      await expect(updateRepository(prisma, b, repoB.id, { path: target }), target).rejects.toMatchObject({ message: expect.stringMatching(why) });
    }
    expect((await prisma.repository.findUniqueOrThrow({ where: { id: repoB.id } })).path).toBe(dirB);
    await rm(outside, { recursive: true, force: true });
  });

  it("H3: remote URLs that git or ssh would read as options, and other transports, are refused; nothing runs and nothing changes", async () => {
    const { prisma } = await testDatabase();
    const actor = await owner();
    const marks = path.join(data.root, `marks-${uid()}`);
    await mkdir(marks);
    const dir = await makeRepo(data.root, `h3-edit-urls-${uid()}`, { "README.md": "# u\n" });
    const repo = await registerRepository(prisma, actor, { name: "u", path: dir });
    const proxy = `touch ${path.join(marks, "proxy-command")}`;
    for (const remoteUrl of [`ssh://-oProxyCommand=${encodeURIComponent(proxy)}/x.git`, `-oProxyCommand=${proxy}`, `ext::sh -c ${proxy}`, `file://${dir}`, `git://github.com/acme/x.git`]) {
      const error = await updateRepository(prisma, actor, repo.id, { remoteUrl }).catch((e: unknown) => e);
      expect(error, remoteUrl).toMatchObject({ name: "ZodError" });
    }
    expect((await prisma.repository.findUniqueOrThrow({ where: { id: repo.id } })).remoteUrl).toBeNull();
    expect(await readdir(marks)).toEqual([]);
  });
});
