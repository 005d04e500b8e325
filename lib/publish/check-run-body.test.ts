import { describe, expect, it } from "vitest";
import { checkRunBody } from "./check-run-body";
import { commentBody } from "./comment-body";
import { classifyGithubError } from "./classify-github-error";
import { retryDelay } from "./publish-pull";
import { scrubForLog } from "../github/scrub-for-log";
import { GithubDestinationError } from "../github/github-client";

const HEAD = "a".repeat(40);
const explanation = (rules: { rule: string; effect: "ship" | "hold" | "block"; text: string }[]) => ({ rules });

describe("the Gatehouse check run", () => {
  it("R12: ship, hold and block map to success, neutral and failure; the title names the deciding rule", () => {
    const rules = [
      { rule: "R5.finding.none", effect: "ship" as const, text: "No open P0 or P1 finding → ship" },
      { rule: "R5.finding.P0", effect: "block" as const, text: "P0 'Breaks the build' → block" },
      { rule: "R5.axis.could_not_run", effect: "hold" as const, text: "tests could not run → at least hold" },
    ];
    expect(checkRunBody({ review: { verdict: "ship", explanation: explanation([rules[0]!]), summary: null }, headSha: HEAD, roomUrl: null })).toMatchObject({ status: "completed", conclusion: "success", output: { title: "Ship for aaaaaaa" } });
    const hold = checkRunBody({ review: { verdict: "hold", explanation: explanation([rules[0]!, rules[2]!]), summary: null }, headSha: HEAD, roomUrl: "https://g.example/w/x/pulls/p" });
    expect(hold).toMatchObject({ conclusion: "neutral", output: { title: "Hold: tests could not run → at least hold" } });
    expect(hold.output.summary).toContain("[Open the review in Gatehouse](https://g.example/w/x/pulls/p)");
    const block = checkRunBody({ review: { verdict: "block", explanation: explanation(rules), summary: null }, headSha: HEAD, roomUrl: null });
    expect(block.conclusion).toBe("failure");
    // Strictest first.
    expect(block.output.summary.indexOf("Breaks the build")).toBeLessThan(block.output.summary.indexOf("could not run"));
  });

  it("R12, R8: while a gated axis has no result the check stays in progress (naming the axis and the verdict so far), unless a person accepted the gap", () => {
    const waiting = {
      verdict: "hold" as const,
      explanation: {
        rules: [{ rule: "R5.axis.missing", effect: "hold" as const, text: "Gated axis 'tests' has no result for this head → at least hold" }],
        axisTable: [
          { axis: "tests", gated: true, declared: true, status: "missing" as const },
          { axis: "lint", gated: false, declared: true, status: "missing" as const },
        ],
      },
      summary: null,
    };
    const body = checkRunBody({ review: waiting, headSha: HEAD, roomUrl: null });
    expect(body).toMatchObject({ status: "in_progress", output: { title: "Waiting for gated axis: tests" } });
    expect(body.conclusion).toBeUndefined();
    expect(body.output.summary).toMatch(/So far: \*\*Hold\*\*/);
    const accepted = checkRunBody({ review: { ...waiting, explanation: { ...waiting.explanation, gapAcceptedBy: "Ada" } }, headSha: HEAD, roomUrl: null });
    expect(accepted).toMatchObject({ status: "completed", conclusion: "neutral" });
  });

  it("R12: a hold publishes as failure only where the repository chose it; ship and block are unaffected", () => {
    const hold = { verdict: "hold" as const, explanation: explanation([{ rule: "R5.finding.P1", effect: "hold", text: "P1 'x' → hold" }]), summary: null };
    expect(checkRunBody({ review: hold, headSha: HEAD, roomUrl: null }).conclusion).toBe("neutral");
    expect(checkRunBody({ review: hold, headSha: HEAD, roomUrl: null, holdAs: "failure" })).toMatchObject({ conclusion: "failure", output: { title: expect.stringMatching(/^Hold: /) } });
    const ship = { verdict: "ship" as const, explanation: explanation([]), summary: null };
    expect(checkRunBody({ review: ship, headSha: HEAD, roomUrl: null, holdAs: "failure" }).conclusion).toBe("success");
  });

  it("R12: without a verdict the check is in progress — never completed, never green", () => {
    const body = checkRunBody({ review: null, headSha: HEAD, roomUrl: null });
    expect(body).toEqual({ status: "in_progress", output: { title: "Reviewing aaaaaaa", summary: expect.stringContaining("Gatehouse is reviewing aaaaaaa") } });
  });

  it("R12: text a model wrote cannot ping people on GitHub", () => {
    const body = checkRunBody({ review: { verdict: "hold", explanation: explanation([{ rule: "R5.finding.P1", effect: "hold", text: "P1 'ask @octocat' → hold" }]), summary: "cc @acme/security" }, headSha: HEAD, roomUrl: null });
    expect(body.output.summary).not.toMatch(/@octocat/);
    expect(body.output.text).not.toMatch(/@acme/);
    const comment = commentBody({ id: "f1", kind: "bug", priority: "P1", title: "@here look", body: "ping @octocat", suggestion: null, status: "open", statusReason: null, file: "a.ts", startLine: 1, endLine: 1 }, null);
    expect(comment).not.toMatch(/@(here|octocat)/);
    expect(comment).toContain("<!-- gatehouse:finding:f1 -->");
  });
});

describe("publish failures", () => {
  const http = (status: number, headers: Record<string, string> = {}) => Object.assign(new Error("GitHub said something with ghp_secret in it"), { status, response: { headers } });

  it("R12: 5xx, 429 and a secondary rate limit are retried (retry-after kept); 401, 403, 404 and 422 are not", () => {
    expect(classifyGithubError(http(502), "create the check run")).toMatchObject({ retry: true });
    expect(classifyGithubError(http(403, { "retry-after": "30" }), "x")).toMatchObject({ retry: true, waitMs: 30_000 });
    expect(classifyGithubError(http(429), "x")).toMatchObject({ retry: true });
    expect(classifyGithubError(Object.assign(new Error("fetch failed"), { status: 500 }), "x")).toMatchObject({ retry: true, reason: expect.stringMatching(/could not be reached/) });
    for (const status of [401, 403, 404, 422]) expect(classifyGithubError(http(status), "x").retry).toBe(false);
    expect(classifyGithubError(Object.assign(new Error("x"), { status: 500, cause: new GithubDestinationError("refused unsent") }), "x")).toEqual({ retry: false, reason: "refused unsent" });
  });

  it("R12: a personal access token refused a check run is told to configure a GitHub App; an app's refusal names the app's settings", () => {
    expect(classifyGithubError(http(403), "create the check run", "token").reason).toMatch(/only a GitHub App may create or update check runs.*GATEHOUSE_GITHUB_APP_ID/);
    expect(classifyGithubError(http(403), "post a review comment", "token").reason).toMatch(/the token lacks permission/);
    expect(classifyGithubError(http(403), "create the check run", "app").reason).toMatch(/the GitHub App lacks permission.*checks:write/);
    expect(classifyGithubError(http(401), "get an installation token for the GitHub App", "app").reason).toMatch(/refused the GitHub App's credentials \(401\).*GATEHOUSE_GITHUB_APP_PRIVATE_KEY/);
  });

  it("R12, H4: a reason never echoes what GitHub answered", () => {
    for (const status of [401, 403, 404, 422, 500, 502]) expect(classifyGithubError(http(status), "x").reason).not.toContain("ghp_secret");
  });

  it("R12: the backoff doubles from the base and never comes before GitHub's own wait", () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(n, 100))).toEqual([100, 200, 400, 800]);
    expect(retryDelay(1, 100, 5_000)).toBe(5_000);
  });
});

describe("the give-up log line", () => {
  it("H4: GitHub tokens, JWTs, private keys and Authorization values are scrubbed", () => {
    const line = scrubForLog(
      "failed: token ghs_abcdefghijklmnop1234 / github_pat_11AAAAAAAA_bbbbbbbbbb / Bearer eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOjF9.c2ln / -----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY----- done",
    );
    expect(line).not.toMatch(/ghs_abc|github_pat_11|eyJ|MIIEp/);
    expect(line).toContain("done");
  });
});
