import { existsSync } from "node:fs";
import { appendFile, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diff, git, GitError, log, revParse, type GitLocation } from "./git";
import { InvalidRefError, validateBranchName, validateRef } from "./git-refs";
import { gitSync, initSampleRepo, makeTempRoot } from "./git.test-support";
import { ensureMirror, fetchTrustedFolder } from "./mirror";
import { createWorktree, removeWorktree } from "./worktrees";

let root: string;
let repoDir: string;
/** The sample repository as host-side git sees it: its git directory named, never discovered, and no work tree (H6). */
let repo: GitLocation;
let mirror: string;

beforeAll(async () => {
  root = await makeTempRoot();
  repoDir = path.join(root, "repo");
  await initSampleRepo(repoDir);
  repo = { gitDir: path.join(repoDir, ".git") };
  mirror = path.join(root, "mirror.git");
  await ensureMirror(mirror);
  await fetchTrustedFolder(mirror, repoDir);
});
afterAll(() => rm(root, { recursive: true, force: true }));

const INJECTIONS = [
  "--output=/tmp/gatehouse-x",
  "-o/tmp/gatehouse-x",
  "$(touch /tmp/gatehouse-pwned)",
  "`touch /tmp/gatehouse-pwned`",
  "main; touch /tmp/gatehouse-pwned",
  "main | touch /tmp/gatehouse-pwned",
  "main\ntouch /tmp/gatehouse-pwned",
  "main..feature",
  "HEAD@{1}",
  ".hidden",
  "/abs",
  "a//b",
  "refs/heads/x.lock",
  "with space",
  "",
  "x".repeat(201),
];

describe("validateRef", () => {
  it.each(["main", "HEAD", "HEAD~2", "HEAD^", "main^2~1", "origin/main", "v1.2.3", "feature/x-y_z", "0123abcd"])("accepts %s", (ref) => {
    expect(validateRef(ref)).toBe(ref);
  });
  it.each(INJECTIONS)("refuses %j", (ref) => {
    expect(() => validateRef(ref)).toThrow(InvalidRefError);
  });
  it("refuses branch names with revision syntax or reserved names", () => {
    expect(validateBranchName("agent/run-1")).toBe("agent/run-1");
    for (const bad of ["HEAD", "x~1", "-b", "a..b", "a b"]) expect(() => validateBranchName(bad)).toThrow(InvalidRefError);
  });
});

describe("git helpers", () => {
  it("runs git without a shell and reports failures as GitError", async () => {
    const { stdout } = await git(["rev-parse", "--absolute-git-dir"], repo);
    expect(stdout.trim()).toBe(repo.gitDir);
    await expect(git(["no-such-subcommand"], repo)).rejects.toBeInstanceOf(GitError);
  });

  it("never passes the parent's environment to git", async () => {
    process.env.GATEHOUSE_TEST_SECRET = "s3cret";
    // Test-only aliases in the fixture's own config (the test writes them; no model input) print git's environment and directory.
    await appendFile(path.join(repoDir, ".git", "config"), "[alias]\n\tprint-env = !env\n\tprint-dir = !pwd\n");
    try {
      const { stdout } = await git(["print-env"], repo);
      expect(stdout).toContain("GIT_TERMINAL_PROMPT=0");
      expect(stdout).toContain("GIT_CONFIG_NOSYSTEM=1");
      expect(stdout).toContain("GIT_CONFIG_GLOBAL=/dev/null");
      expect(stdout).not.toContain("s3cret");
      // H6: never a work tree; git starts inside the git directory it was given (an alias runs at the top of any work tree).
      expect(stdout).not.toContain("GIT_WORK_TREE");
      expect((await git(["print-dir"], repo)).stdout.trim()).toBe(repo.gitDir);
    } finally {
      delete process.env.GATEHOUSE_TEST_SECRET;
    }
  });

  it("H6: global options that would move or reconfigure git are refused before it starts", async () => {
    for (const args of [["-C", root, "status"], ["--git-dir=/tmp", "status"], ["--work-tree", repoDir, "status"], ["-c", "core.worktree=/", "status"], [""]]) {
      await expect(git(args, repo), args.join(" ")).rejects.toThrow(/first argument must be its command/);
    }
  });

  it("H2: git uses the git directory it is given, never one it discovers", async () => {
    const plain = path.join(root, "plain");
    await import("node:fs/promises").then((fs) => fs.mkdir(plain, { recursive: true }));
    await expect(git(["rev-parse", "--show-toplevel"], { gitDir: plain })).rejects.toThrow(/not a git repository/);
  });

  it("revParse resolves commits and refuses unknown ones", async () => {
    const head = await revParse(repo, "HEAD");
    expect(head).toMatch(/^[0-9a-f]{40}$/);
    expect(await revParse(repo, "HEAD~1")).not.toBe(head);
    await expect(revParse(repo, "no-such-branch")).rejects.toThrow(/unknown revision/);
  });

  it("diff and log", async () => {
    const d = await diff({ ...repo, base: "HEAD~1", head: "HEAD" });
    expect(d.text).toContain("+- first release");
    expect(d.truncated).toBe(false);
    const entries = await log({ ...repo, limit: 5 });
    expect(entries.map((e) => e.subject)).toEqual(["Add changelog", "Initial commit"]);
    expect(entries[0]?.author).toBe("Test Person <person@example.test>");
  });

  it("caps output", async () => {
    const d = await diff({ ...repo, base: "HEAD~1", head: "HEAD", maxOutputBytes: 20 });
    expect(d.truncated).toBe(true);
    expect(Buffer.byteLength(d.text)).toBeLessThanOrEqual(20);
  });

  it("H3: creates worktrees from the mirror, with their git data where the records say, and removes both", async () => {
    const wt = path.join(root, "wt-a");
    const created = await createWorktree({ mirror, worktreePath: wt, ref: "main", branch: "agent/a" });
    expect(created.head).toBe(await revParse(repo, "main"));
    expect(created.git).toEqual({ gitDir: path.join(mirror, "worktrees", "wt-a"), commonDir: mirror });
    expect(await readFile(path.join(wt, "CHANGELOG.md"), "utf8")).toContain("first release");
    expect(gitSync(wt, ["branch", "--show-current"]).trim()).toBe("agent/a");
    // The branch lives in the mirror; the user's repository is untouched.
    expect(gitSync(repoDir, ["branch", "--list", "agent/a"]).trim()).toBe("");
    await removeWorktree({ mirror, worktreePath: wt });
    expect(existsSync(wt)).toBe(false);
    expect(existsSync(created.git.gitDir)).toBe(false);
  });

  it.each(INJECTIONS.filter(Boolean))("ref injection %j is refused by every helper and creates nothing", async (ref) => {
    const sentinels = ["/tmp/gatehouse-x", "/tmp/gatehouse-pwned"];
    for (const s of sentinels) await rm(s, { force: true });
    await expect(revParse(repo, ref)).rejects.toBeInstanceOf(InvalidRefError);
    await expect(diff({ ...repo, base: ref, head: "HEAD" })).rejects.toBeInstanceOf(InvalidRefError);
    await expect(diff({ ...repo, base: "HEAD", head: ref })).rejects.toBeInstanceOf(InvalidRefError);
    await expect(log({ ...repo, ref })).rejects.toBeInstanceOf(InvalidRefError);
    const wt = path.join(root, "wt-injection");
    await expect(createWorktree({ mirror, worktreePath: wt, ref })).rejects.toBeInstanceOf(InvalidRefError);
    await expect(createWorktree({ mirror, worktreePath: wt, ref: "main", branch: ref })).rejects.toBeInstanceOf(InvalidRefError);
    expect(existsSync(wt)).toBe(false);
    for (const s of sentinels) expect(existsSync(s)).toBe(false);
  });

  it("a path argument that looks like an option stays a path", async () => {
    // `--output=...` as a path after "--" is a pathspec, not an option: git writes nothing.
    await rm("/tmp/gatehouse-x", { force: true });
    const d = await diff({ ...repo, base: "HEAD~1", head: "HEAD", paths: ["--output=/tmp/gatehouse-x"] });
    expect(d.text).toBe("");
    expect(existsSync("/tmp/gatehouse-x")).toBe(false);
  });
});
