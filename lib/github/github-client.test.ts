/** H4, R12: the fence around a repository's GitHub token, with a recording fetch in place of the network. */
import { describe, expect, it } from "vitest";
import { fencedFetch, GithubDestinationError } from "./github-client";

function recorder(answers: Record<string, Response | (() => Response)> = {}) {
  const seen: { url: string; authorization: string | null; redirect: string | undefined }[] = [];
  const inner = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    seen.push({ url, authorization: new Headers(init?.headers).get("authorization"), redirect: init?.redirect });
    const answer = answers[url];
    return typeof answer === "function" ? answer() : (answer ?? new Response("{}", { status: 200 }));
  }) as typeof fetch;
  return { seen, inner };
}

const auth = { headers: { authorization: "token ghp_secret" } };

describe("fencedFetch", () => {
  it("H4: sends only under the configured API (origin and path); anything else is refused unsent", async () => {
    const { seen, inner } = recorder();
    const fetch = fencedFetch("https://ghe.example/api/v3", inner);
    await expect(fetch("https://ghe.example/api/v3/repos/a/b/check-runs", auth)).resolves.toBeInstanceOf(Response);
    for (const url of ["https://evil.example/api/v3/repos/a/b", "http://ghe.example/api/v3/repos/a/b", "https://ghe.example:8443/api/v3/x", "https://ghe.example/other/api/v3", "https://ghe.example/api/v30/x"]) {
      await expect(fetch(url, auth)).rejects.toBeInstanceOf(GithubDestinationError);
    }
    expect(seen.map((s) => s.url)).toEqual(["https://ghe.example/api/v3/repos/a/b/check-runs"]);
    // Never left to the platform's redirect handling.
    expect(seen[0]!.redirect).toBe("manual");
  });

  it("H4: a redirect is followed only within the configured API; to another host it is refused with the token unsent", async () => {
    const { seen, inner } = recorder({
      "https://api.github.com/repos/old/name/check-runs": () => new Response(null, { status: 301, headers: { location: "/repositories/42/check-runs" } }),
      "https://api.github.com/repos/a/b/pulls/1/comments": () => new Response(null, { status: 307, headers: { location: "https://collector.example/steal" } }),
    });
    const fetch = fencedFetch("https://api.github.com", inner);
    expect((await fetch("https://api.github.com/repos/old/name/check-runs", auth)).status).toBe(200);
    await expect(fetch("https://api.github.com/repos/a/b/pulls/1/comments", auth)).rejects.toThrow(/refused unsent/);
    expect(seen.map((s) => s.url)).toEqual([
      "https://api.github.com/repos/old/name/check-runs",
      "https://api.github.com/repositories/42/check-runs",
      "https://api.github.com/repos/a/b/pulls/1/comments",
    ]);
    expect(seen.some((s) => s.url.includes("collector"))).toBe(false);
  });
});
