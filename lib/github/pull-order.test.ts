import { describe, expect, it } from "vitest";
import { orderReports, reportState, type PullReport } from "./pull-order";

const a = "a".repeat(40);
const b = "b".repeat(40);
const c = "c".repeat(40);
const report = (over: Partial<PullReport> = {}): PullReport => ({ updatedAt: new Date("2026-11-20T09:00:05Z"), state: "open", title: "T", baseRef: "main", headSha: a, beforeSha: null, ...over });
const second = (s: number) => new Date(Date.UTC(2026, 10, 20, 9, 0, s));

describe("R9: ordering two reports of a pull request by GitHub's clock", () => {
  it("R9: the later updated_at is newer, whatever the commits' ancestry (a force-push back is newest)", () => {
    expect(orderReports(report({ headSha: b, beforeSha: a }), report({ headSha: a, beforeSha: b, updatedAt: second(6) }))).toBe("newer");
    expect(orderReports(report({ headSha: b }), report({ headSha: a, updatedAt: second(4) }))).toBe("older");
    expect(orderReports(null, report())).toBe("newer");
  });

  it("R9: in the same second, the same state is the same report; a push from the stored head is newer, the head a stored push left is older", () => {
    expect(orderReports(report(), report())).toBe("same");
    expect(orderReports(report({ headSha: a }), report({ headSha: b, beforeSha: a }))).toBe("newer");
    expect(orderReports(report({ headSha: b, beforeSha: a }), report({ headSha: a }))).toBe("older");
  });

  it("R9: a same-second disagreement nothing in the payloads orders is a tie (GitHub's API decides); a report without a time goes by arrival", () => {
    expect(orderReports(report({ headSha: b, beforeSha: a }), report({ headSha: c, beforeSha: a }))).toBe("tie");
    expect(orderReports(report({ state: "closed" }), report({ state: "open" }))).toBe("tie");
    expect(orderReports(report(), report({ headSha: b, updatedAt: null }))).toBe("newer");
    expect(orderReports(report({ updatedAt: null }), report({ headSha: b }))).toBe("newer");
  });

  it("R9: closed and merged are read from GitHub's state and merged flag", () => {
    expect(reportState("closed", true, "closed")).toBe("merged");
    expect(reportState("closed", false, "edited")).toBe("closed");
    expect(reportState("open", null, "reopened")).toBe("open");
    expect(reportState(undefined, false, "closed")).toBe("closed");
  });
});
