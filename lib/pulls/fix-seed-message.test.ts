import { describe, expect, it } from "vitest";
import { fixSeedMessage } from "./fix-seed-message";

const base = {
  pull: { number: 7, headRef: "feature/cap", headSha: "0123456789abcdef0123456789abcdef01234567" },
  finding: { kind: "bug", priority: "P0", title: "Key committed", body: "An AWS key is in the config.", suggestion: "const key = process.env.KEY;", file: "src/config.js", startLine: 2, endLine: 3 },
  replies: [{ who: "Sam", body: "Use the env,\nplease." }],
};

describe("Fix with an agent: the seed message", () => {
  it("R10: names the pull request, file and lines, body, suggestion and what people replied", () => {
    const text = fixSeedMessage(base);
    expect(text).toContain("pull request #7 (feature/cap at 0123456789ab)");
    expect(text).toContain("**P0 bug: Key committed**");
    expect(text).toContain("Where: `src/config.js` lines 2–3");
    expect(text).toContain("An AWS key is in the config.");
    expect(text).toContain("```\nconst key = process.env.KEY;\n```");
    expect(text).toContain("> **Sam:** Use the env,\n> please.");
  });

  it("a suggestion with its own fence cannot close the block early; a repository-wide finding says so; long threads keep the last replies", () => {
    const text = fixSeedMessage({
      ...base,
      finding: { ...base.finding, suggestion: "```js\nx\n```", file: null, startLine: null, endLine: null },
      replies: Array.from({ length: 12 }, (_, i) => ({ who: `P${i}`, body: `reply ${i}` })),
    });
    expect(text).toContain("````\n```js\nx\n```\n````");
    expect(text).toContain("Where: the repository as a whole");
    expect(text).toContain("the last 8 of 12 replies");
    expect(text).not.toContain("reply 3");
    expect(text).toContain("reply 11");
    expect(text.length).toBeLessThan(20_000);
  });
});
