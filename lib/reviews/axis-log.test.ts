import { describe, expect, it } from "vitest";
import { AXIS_LOG_CHARS, axisLog } from "./axis-log";

describe("axis log", () => {
  it("R5: a failed axis keeps the end of its output, bounded, and says that earlier output was cut", () => {
    const output = Array.from({ length: 5000 }, (_, i) => `line ${i}`).join("\n") + "\nFAIL src/a.test.ts\n";
    const log = axisLog(output)!;
    expect(log.length).toBeLessThanOrEqual(AXIS_LOG_CHARS + 40);
    expect(log.startsWith("… (earlier output not kept)\n")).toBe(true);
    expect(log.endsWith("FAIL src/a.test.ts")).toBe(true);
    expect(log).not.toContain("line 0\n");
    expect(axisLog("short\noutput\n")).toBe("short\noutput");
    expect(axisLog("  \n")).toBeNull();
  });

  it("H4: tokens, keys and credentials printed by a repository's tests never reach the log; colour codes and NUL are gone", () => {
    const log = axisLog(
      [
        "\u001b[31mFAIL\u001b[0m api.test.ts",
        "Authorization: Bearer sk-live-abcdef1234567890",
        "token ghp_abcdefghijklmnopqrstuvwxyz0123456789",
        "GITHUB_TOKEN=github_pat_11ABCDEFG0123456789_abcdefghijklmnop",
        "url https://user:hunter2@git.example/x.git?api_key=s3cr3t",
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----",
        "nul\u0000here",
      ].join("\n"),
    )!;
    expect(log).toContain("FAIL api.test.ts");
    expect(log).not.toMatch(/\u001b|\u0000|sk-live|ghp_|github_pat_|hunter2|s3cr3t|MIIEow/);
    expect(log).toContain("[redacted]");
  });
});
