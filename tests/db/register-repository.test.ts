import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listRepositories } from "../../lib/repositories/list-repositories";
import { registerRepository } from "../../lib/repositories/register-repository";
import type { WorkspaceActor } from "../../lib/workspaces/actor";
import { createWorkspace } from "../../lib/workspaces/create-workspace";
import { testDatabase } from "../support/db";
import { useDataDir } from "../support/reviews";

// Repositories beside a fresh data folder, inside the operator's root (useDataDir sets both).
let data: Awaited<ReturnType<typeof useDataDir>>;
let scratch: string;
beforeAll(async () => {
  data = await useDataDir();
  scratch = data.root;
});
afterAll(() => data.cleanup());

function gitInit(name: string): string {
  const dir = join(scratch, name);
  mkdirSync(dir, { recursive: true });
  execFileSync("git", ["init", "-q", dir]);
  return dir;
}

let seq = 0;
async function owner(): Promise<WorkspaceActor> {
  const { prisma } = await testDatabase();
  const n = ++seq;
  const user = await prisma.user.create({ data: { email: `repo-owner${n}@r.test`, name: "Owner" } });
  const ws = await createWorkspace(prisma, user.id, { name: `Repos ${n}` });
  return { workspaceId: ws.id, userId: user.id, role: "owner" };
}

describe("register-repository", () => {
  it("accepts a real git repository and never returns the webhook secret", async () => {
    const { prisma } = await testDatabase();
    const actor = await owner();
    const dir = gitInit("real");
    const repo = await registerRepository(prisma, actor, {
      name: "real",
      path: `${dir}/`,
      remoteUrl: "https://github.com/acme/real.git",
      defaultBranch: "trunk",
      githubFullName: "acme/real",
      webhookSecret: "s3cret-s3cret-s3cret",
    });
    expect(repo).toMatchObject({ name: "real", path: dir, defaultBranch: "trunk", githubFullName: "acme/real", hasWebhookSecret: true });
    expect(JSON.stringify(repo)).not.toContain("s3cret");
    const listed = await listRepositories(prisma, actor.workspaceId);
    expect(listed).toEqual([repo]);
    expect(JSON.stringify(listed)).not.toContain("s3cret");
    const audit = await prisma.auditEvent.findFirstOrThrow({ where: { action: "repository.registered", targetId: repo.id } });
    expect(JSON.stringify(audit.data)).not.toContain("s3cret");
    // …but the server keeps it for verifying deliveries.
    expect((await prisma.repository.findUniqueOrThrow({ where: { id: repo.id } })).webhookSecret).toBe("s3cret-s3cret-s3cret");
  });

  it("defaults the branch to main and accepts a bare repository", async () => {
    const { prisma } = await testDatabase();
    const actor = await owner();
    const dir = join(scratch, "bare.git");
    execFileSync("git", ["init", "-q", "--bare", dir]);
    expect(await registerRepository(prisma, actor, { name: "bare", path: dir })).toMatchObject({ defaultBranch: "main", hasWebhookSecret: false });
  });

  it("rejects a folder that is not a git repository with a clear message", async () => {
    const { prisma } = await testDatabase();
    const actor = await owner();
    const plain = join(scratch, "plain");
    mkdirSync(plain);
    await expect(registerRepository(prisma, actor, { name: "plain", path: plain })).rejects.toMatchObject({
      code: "unprocessable",
      message: `${plain} is not a git repository. Run \`git init\` there, or give the repository's top folder.`,
    });
  });

  it("rejects a subfolder of a repository: git does not search above the given folder", async () => {
    const { prisma } = await testDatabase();
    const actor = await owner();
    const sub = join(gitInit("outer"), "src");
    mkdirSync(sub);
    await expect(registerRepository(prisma, actor, { name: "sub", path: sub })).rejects.toMatchObject({ message: expect.stringMatching(/not a git repository/) });
  });

  it("rejects missing folders, files and relative paths", async () => {
    const { prisma } = await testDatabase();
    const actor = await owner();
    await expect(registerRepository(prisma, actor, { name: "gone", path: join(scratch, "missing") })).rejects.toMatchObject({
      message: expect.stringMatching(/No folder exists/),
    });
    const file = join(scratch, "a-file");
    writeFileSync(file, "x");
    await expect(registerRepository(prisma, actor, { name: "file", path: file })).rejects.toMatchObject({ message: expect.stringMatching(/is a file/) });
    await expect(registerRepository(prisma, actor, { name: "rel", path: "relative/path" })).rejects.toThrow(/absolute path/);
  });

  it("a path with shell syntax is only ever a path", async () => {
    const { prisma } = await testDatabase();
    const actor = await owner();
    const marker = join(scratch, "pwned");
    await expect(registerRepository(prisma, actor, { name: "evil", path: `/tmp/$(touch ${marker})` })).rejects.toMatchObject({ code: "unprocessable" });
    await expect(registerRepository(prisma, actor, { name: "evil2", path: `/tmp/x; touch ${marker}` })).rejects.toMatchObject({ code: "unprocessable" });
    expect(() => execFileSync("test", ["-e", marker])).toThrow();
  });

  it("validates the remote URL, branch, GitHub name and secret", async () => {
    const { prisma } = await testDatabase();
    const actor = await owner();
    const dir = gitInit("validated");
    const bad = [
      { remoteUrl: "ext::sh -c touch% /tmp/pwned" },
      { remoteUrl: "--upload-pack=evil" },
      { defaultBranch: "-x" },
      { defaultBranch: "a..b" },
      { githubFullName: "not a name" },
      { githubFullName: "acme/real", webhookSecret: "short" },
      { webhookSecret: "long-enough-secret-but-no-repo" },
    ];
    for (const fields of bad) {
      await expect(registerRepository(prisma, actor, { name: "validated", path: dir, ...fields })).rejects.toMatchObject({ name: "ZodError" });
    }
    const ok = await registerRepository(prisma, actor, { name: "validated", path: dir, remoteUrl: "git@github.com:acme/validated.git", defaultBranch: "release/1.x" });
    expect(ok).toMatchObject({ remoteUrl: "git@github.com:acme/validated.git", defaultBranch: "release/1.x" });
  });

  it("names and GitHub repositories are unique per workspace; two workspaces may connect the same GitHub repository (each with a clone of its own)", async () => {
    const { prisma } = await testDatabase();
    const a = await owner();
    const b = await owner();
    const dir = gitInit("shared");
    const dirB = gitInit("shared-b");
    await registerRepository(prisma, a, { name: "shared", path: dir, githubFullName: "acme/shared" });
    await expect(registerRepository(prisma, a, { name: "shared", path: dir })).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/already exists/) });
    expect(await registerRepository(prisma, b, { name: "shared", path: dirB })).toMatchObject({ name: "shared" });
    await expect(registerRepository(prisma, a, { name: "other", path: dir, githubFullName: "acme/shared" })).rejects.toMatchObject({ code: "conflict" });
    expect(await registerRepository(prisma, b, { name: "other", path: dirB, githubFullName: "acme/shared" })).toMatchObject({ name: "other" });
  });

  it("only admins and owners register repositories", async () => {
    const { prisma } = await testDatabase();
    const actor = await owner();
    const dir = gitInit("forbidden");
    for (const role of ["member", "viewer"] as const) {
      await expect(registerRepository(prisma, { ...actor, role }, { name: "x", path: dir })).rejects.toMatchObject({ code: "forbidden" });
    }
  });

  it("with GATEHOUSE_REPOSITORY_ROOTS-style roots, repositories outside them (symlinks included) are refused", async () => {
    const { prisma } = await testDatabase();
    const actor = await owner();
    const root = join(scratch, "root");
    mkdirSync(root);
    const inside = join(root, "inside");
    execFileSync("git", ["init", "-q", inside]);
    const outside = gitInit("outside");
    const link = join(root, "link");
    symlinkSync(outside, link);
    const options = { allowedRoots: [root] };
    expect(await registerRepository(prisma, actor, { name: "inside", path: inside }, options)).toMatchObject({ path: inside });
    await expect(registerRepository(prisma, actor, { name: "outside", path: outside }, options)).rejects.toMatchObject({ message: expect.stringMatching(/must be inside/) });
    await expect(registerRepository(prisma, actor, { name: "link", path: link }, options)).rejects.toMatchObject({ message: expect.stringMatching(/must be inside/) });
  });
});
