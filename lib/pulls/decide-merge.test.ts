import { describe, expect, it } from "vitest";
import { decideMerge } from "./decide-merge";

const HEAD = "a".repeat(40);
const OLD = "b".repeat(40);

describe("the merge gate", () => {
  it("R8: ship at the current head merges, and an override reason given with it is not recorded as an override", () => {
    expect(decideMerge({ headSha: HEAD, current: { verdict: "ship" }, latest: { verdict: "ship", headSha: HEAD } })).toEqual({ allowed: true, verdict: "ship", override: null });
    expect(decideMerge({ headSha: HEAD, current: { verdict: "ship" }, latest: null, overrideReason: "just because" })).toMatchObject({ override: null });
  });

  it("R8: a ship for an older head is stale and counts as no verdict; hold and block need an override", () => {
    const stale = decideMerge({ headSha: HEAD, current: null, latest: { verdict: "ship", headSha: OLD } });
    expect(stale).toMatchObject({ allowed: false, verdict: "none", message: expect.stringMatching(/ship verdict is for bbbbbbbbbbbb, not the current head aaaaaaaaaaaa: it is stale/) });
    expect(decideMerge({ headSha: HEAD, current: null, latest: null })).toMatchObject({ allowed: false, message: expect.stringMatching(/no verdict for aaaaaaaaaaaa yet/) });
    for (const verdict of ["hold", "block"] as const) {
      expect(decideMerge({ headSha: HEAD, current: { verdict }, latest: { verdict, headSha: HEAD } })).toMatchObject({ allowed: false, verdict, message: expect.stringContaining(`is ${verdict}, not ship`) });
    }
  });

  it("R8: an override with a reason merges over hold, block, a stale or a missing verdict, naming what it overrode; blank reasons are no override", () => {
    expect(decideMerge({ headSha: HEAD, current: { verdict: "block" }, latest: null, overrideReason: " hotfix " })).toEqual({ allowed: true, verdict: "block", override: "hotfix" });
    expect(decideMerge({ headSha: HEAD, current: null, latest: { verdict: "ship", headSha: OLD }, overrideReason: "docs only" })).toEqual({ allowed: true, verdict: "none", override: "docs only" });
    expect(decideMerge({ headSha: HEAD, current: { verdict: "hold" }, latest: null, overrideReason: "   " })).toMatchObject({ allowed: false });
  });
});
