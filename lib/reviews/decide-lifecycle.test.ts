import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { decideConfirmation } from "./decide-confirmation";
import { decideTransition } from "./decide-transition";
import { FINDING_STATUSES } from "./schemas";

describe("decide-confirmation (R3)", () => {
  const agentFinding = { status: "open" as const, author: "agent:gatehouse-offline", authorUserId: null };

  it("R3: another person's confirmation moves an open finding to consensusReady", () => {
    expect(decideConfirmation(agentFinding, "u2")).toEqual({ ok: true, nextStatus: "consensusReady", event: "consensus" });
  });

  it("R3: the author's own confirmation is refused with a reason", () => {
    const mine = { status: "open" as const, author: "user:u1", authorUserId: "u1" };
    const r = decideConfirmation(mine, "u1");
    expect(r).toMatchObject({ ok: false, code: "author" });
    expect(!r.ok && r.reason).toContain("author");
  });

  it("R3: the author is recognised by either the author string or authorUserId", () => {
    expect(decideConfirmation({ status: "open", author: "user:u1" }, "u1").ok).toBe(false);
    expect(decideConfirmation({ status: "open", author: "agent:x", authorUserId: "u1" }, "u1").ok).toBe(false);
  });

  it("R3: further confirmations keep consensusReady", () => {
    expect(decideConfirmation({ ...agentFinding, status: "consensusReady" }, "u3")).toEqual({
      ok: true,
      nextStatus: "consensusReady",
      event: "confirmed",
    });
  });

  it("R3: resolved and dismissed findings take no confirmations", () => {
    for (const status of ["resolved", "dismissed"] as const) {
      expect(decideConfirmation({ ...agentFinding, status }, "u2")).toMatchObject({ ok: false, code: "closed" });
    }
  });

  it("R3: no order of confirmations by the author ever yields consensusReady (fast-check)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("u1", "u2", "u3")), (confirmers) => {
        let status: (typeof FINDING_STATUSES)[number] = "open";
        for (const user of confirmers) {
          const d = decideConfirmation({ status, author: "user:u1", authorUserId: "u1" }, user);
          if (d.ok) status = d.nextStatus;
        }
        return (status === "consensusReady") === confirmers.some((u) => u !== "u1");
      }),
    );
  });
});

describe("decide-transition (R2, R3, R10)", () => {
  it("R2: open or consensusReady findings can be resolved, with an optional reason", () => {
    expect(decideTransition("open", "resolve")).toEqual({ ok: true, nextStatus: "resolved", event: "resolved" });
    expect(decideTransition("consensusReady", "resolve", { reason: " fixed in abc123 " })).toEqual({
      ok: true, nextStatus: "resolved", event: "resolved", reason: "fixed in abc123",
    });
  });

  it("R10: dismissing needs a reason", () => {
    expect(decideTransition("open", "dismiss")).toMatchObject({ ok: false });
    expect(decideTransition("open", "dismiss", { reason: "   " })).toMatchObject({ ok: false });
    expect(decideTransition("open", "dismiss", { reason: "false positive" })).toEqual({
      ok: true, nextStatus: "dismissed", event: "dismissed", reason: "false positive",
    });
  });

  it("R3: closed findings must be reopened first; reopening restores consensus if another person had confirmed", () => {
    expect(decideTransition("dismissed", "resolve")).toMatchObject({ ok: false });
    expect(decideTransition("resolved", "dismiss", { reason: "x" })).toMatchObject({ ok: false });
    expect(decideTransition("resolved", "reopen")).toMatchObject({ ok: true, nextStatus: "open" });
    expect(decideTransition("dismissed", "reopen", { confirmedByOthers: true })).toMatchObject({ ok: true, nextStatus: "consensusReady" });
    expect(decideTransition("open", "reopen")).toMatchObject({ ok: false });
  });
});
