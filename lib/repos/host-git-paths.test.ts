import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { git } from "./git";
import { gitSync, initSampleRepo, makeTempRoot } from "./git.test-support";
import { HostGitRefusedError } from "./host-git-paths";
import { ensureMirror, fetchTrustedFolder } from "./mirror";
import { createWorktree } from "./worktrees";

let root: string;
let data: string;
let mirror: string;
let worktree: string;
let previous: string | undefined;

beforeAll(async () => {
  root = await makeTempRoot();
  data = path.join(root, "data");
  previous = process.env.GATEHOUSE_DATA_DIR;
  process.env.GATEHOUSE_DATA_DIR = data;
  const source = path.join(root, "source");
  await initSampleRepo(source);
  mirror = path.join(data, "mirrors", "repo.git");
  await ensureMirror(mirror);
  await fetchTrustedFolder(mirror, source);
  worktree = path.join(data, "worktrees", "room-1");
  await createWorktree({ mirror, worktreePath: worktree, ref: "main", branch: "gatehouse/room-1" });
  // An agent's nested repository in its worktree, a .git file and a .git link of its making.
  gitSync(worktree, ["init", "-q", "nested"]);
  await mkdir(path.join(worktree, "pointer"));
  await writeFile(path.join(worktree, "pointer", ".git"), `gitdir: ${mirror}\n`);
  await symlink(mirror, path.join(worktree, "linked.git"));
});
afterAll(async () => {
  if (previous === undefined) delete process.env.GATEHOUSE_DATA_DIR;
  else process.env.GATEHOUSE_DATA_DIR = previous;
  await rm(root, { recursive: true, force: true });
});

const revParse = (gitDir: string, extra: Parameters<typeof git>[1] = { gitDir }) => git(["rev-parse", "--git-dir"], { ...extra, gitDir });

describe("H6: host git runs only in Gatehouse's own git directories", () => {
  it("H6: a mirror, a worktree's git directory in it and a private index beside them are used", async () => {
    expect((await revParse(mirror)).stdout.trim()).toBe(mirror);
    const gitDir = path.join(mirror, "worktrees", "room-1");
    expect((await git(["rev-parse", "--abbrev-ref", "HEAD"], { gitDir, commonDir: mirror })).stdout.trim()).toBe("gatehouse/room-1");
    await mkdir(path.join(mirror, "gatehouse-tmp"), { recursive: true });
    const index = { GIT_INDEX_FILE: path.join(mirror, "gatehouse-tmp", "index-test") };
    await git(["read-tree", "main"], { gitDir: mirror, env: index });
    expect((await git(["write-tree"], { gitDir: mirror, env: index })).stdout.trim()).toMatch(/^[0-9a-f]{40}$/);
  });

  it("H6: a worktree, its .git file, a nested repository or a folder inside it is refused, and git never starts", async () => {
    for (const place of [worktree, path.join(worktree, ".git"), path.join(worktree, "nested", ".git"), path.join(worktree, "src"), path.join(worktree, "pointer", ".git")]) {
      await expect(revParse(place), place).rejects.toThrow(HostGitRefusedError);
    }
    await expect(revParse(worktree)).rejects.toThrow(/lies in the worktrees folder, which agents can write/);
  });

  it("H6: a path that only leads into a worktree through a link is refused by where it leads", async () => {
    const link = path.join(root, "innocent-looking.git");
    await symlink(path.join(worktree, "nested", ".git"), link);
    await expect(revParse(link)).rejects.toThrow(/lies in the worktrees folder/);
  });

  it("H6: outside Gatehouse's data too, a git directory inside someone's work tree — a nested repository, a .git file or link — is refused", async () => {
    const tree = path.join(root, "elsewhere");
    gitSync(root, ["init", "-q", tree]);
    gitSync(tree, ["init", "-q", "inner"]);
    await mkdir(path.join(root, "with-link"));
    await symlink(path.join(tree, ".git"), path.join(root, "with-link", ".git"));
    await expect(revParse(path.join(tree, "inner", ".git"))).rejects.toThrow(/inside the work tree .*elsewhere \(it has a \.git folder\)/);
    await expect(revParse(path.join(root, "with-link", ".git"))).rejects.toThrow(/it has a \.git link/);
    // The repository's own git directory is not inside its work tree.
    expect((await revParse(path.join(tree, ".git"))).stdout.trim()).toBe(path.join(tree, ".git"));
  });

  it("H6: an index in the staging folder sandboxed steps write, or a variable that would move git, is refused", async () => {
    const staging = path.join(data, "staging", "git-step-x");
    await mkdir(staging, { recursive: true });
    await expect(git(["write-tree"], { gitDir: mirror, env: { GIT_INDEX_FILE: path.join(staging, "index") } })).rejects.toThrow(/the staging folder/);
    for (const name of ["GIT_WORK_TREE", "GIT_DIR", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_CONFIG_PARAMETERS"]) {
      await expect(git(["status"], { gitDir: mirror, env: { [name]: worktree } }), name).rejects.toThrow(new RegExp(`may not set ${name}`));
    }
  });
});
