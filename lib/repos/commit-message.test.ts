import { describe, expect, it } from "vitest";
import { cleanMessage, subjectOf } from "./commit-worktree";
import { gitSync } from "./git.test-support";

const git = (args: string[], input: string) => gitSync("/", args, input);

const MESSAGES = [
  "Agent change",
  "Agent change\n\nWith a body.",
  "\n\n  Leading blank lines  \n\n\n\nand runs of them\t \n\n",
  "Subject on\ntwo lines\n\nbody\r\nwith CRLF\r\n",
  "# not a comment here\n\n--amend $(touch /tmp/x) `id`; rm -rf / #1",
  "   \n\t\n",
];

describe("the commit message as git records it", () => {
  it.each(MESSAGES)("cleanMessage(%j) is git stripspace's", (message) => {
    expect(cleanMessage(message)).toBe(git(["stripspace"], message));
  });

  it("the subject is git's %s: the first paragraph on one line", () => {
    expect(subjectOf(cleanMessage("Subject on\ntwo lines\n\nbody"))).toBe("Subject on two lines");
    expect(subjectOf(cleanMessage("Agent change\n\nWith a body."))).toBe("Agent change");
  });
});
