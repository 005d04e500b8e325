import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeFixture, type Fixture } from "../repos/git.test-support";
import { DIFF_PIECE_CHARS, PIECE_TRAILER } from "../diff/diff-pieces";
import { gitDiffTool } from "./git-diff";
import { callTool, outputOf, toolContext } from "./tools.test-support";

// Counts the git runs behind the pieces; the real diff still runs.
const gitDiffRuns = vi.hoisted(() => ({ count: 0 }));
vi.mock("../repos/git", async (importOriginal) => {
  const real = await importOriginal<typeof import("../repos/git")>();
  return { ...real, diff: (options: Parameters<typeof real.diff>[0]) => (gitDiffRuns.count++, real.diff(options)) };
});

let fx: Fixture;
beforeEach(async () => {
  fx = await makeFixture();
  gitDiffRuns.count = 0;
});
afterEach(() => fx.cleanup());

const gitDiff = (args: unknown) => callTool(gitDiffTool, args, toolContext(fx.worktree, "review"));
const rev = (ref: string) => execFileSync("git", ["rev-parse", ref], { cwd: fx.worktree }).toString().trim();

/** A commit adding 20,000 lines, the last one a marker only a whole read can see. */
async function commitLongChange(): Promise<void> {
  await writeFile(path.join(fx.worktree, "README.md"), `${Array.from({ length: 20_000 }, (_, i) => `line ${i} of a long change`).join("\n")}\nthe last line\n`);
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@e", "commit", "-qam", "long"], { cwd: fx.worktree });
}

describe("git_diff pieces", () => {
  it("issue 22 item 6 (R11): every piece of a diff between two commit ids comes from one git run, and the pieces still make the whole diff", async () => {
    await commitLongChange();
    const [base, head] = [rev("HEAD~1"), rev("HEAD")];
    const first = outputOf(await gitDiff({ base, head }));
    const total = Number(PIECE_TRAILER.exec(first)![3]);
    const offsets: number[] = [];
    for (let offset = DIFF_PIECE_CHARS; offset < total; offset += DIFF_PIECE_CHARS) offsets.push(offset);
    expect(offsets.length).toBeGreaterThan(5);
    // Several at once, as the built-in reviewer asks for them.
    const rest = await Promise.all(offsets.map(async (offset) => outputOf(await gitDiff({ base, head, offset }))));
    const text = [first, ...rest].map((piece) => piece.replace(PIECE_TRAILER, "")).join("");
    expect(text.length).toBe(total);
    expect(text.trimEnd().endsWith("+the last line")).toBe(true);
    expect(gitDiffRuns.count).toBe(1);
  });

  it("issue 22 item 6 (R11): a diff named by branch or relative revisions is read afresh, since what they name can move", async () => {
    await commitLongChange();
    outputOf(await gitDiff({ base: "HEAD~1", head: "HEAD" }));
    outputOf(await gitDiff({ base: "HEAD~1", head: "HEAD", offset: DIFF_PIECE_CHARS }));
    expect(gitDiffRuns.count).toBe(2);
    await writeFile(path.join(fx.worktree, "README.md"), "moved on\n");
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@e", "commit", "-qam", "moved"], { cwd: fx.worktree });
    expect(outputOf(await gitDiff({ base: "HEAD~1", head: "HEAD" }))).toContain("@@ -1,20001 +1 @@");
    expect(gitDiffRuns.count).toBe(3);
  });
});
