import { describe, expect, it } from "vitest";
import { ticketBranch } from "./ticket-branch";

describe("ticketBranch", () => {
  it("O7: a ticket's branch is named from its project and its key, under Gatehouse's own prefix", () => {
    expect(ticketBranch({ id: "cproj123456", name: "Add rate limits to the API" }, "api-limits")).toBe("gatehouse/add-rate-limits-to-the-api-123456/api-limits");
  });

  it("O7: two projects with the same name get different branches for the same ticket key", () => {
    const a = ticketBranch({ id: "cproj_aaaaaa", name: "Same goal" }, "t1");
    const b = ticketBranch({ id: "cproj_bbbbbb", name: "Same goal" }, "t1");
    expect(a).not.toBe(b);
  });

  it("O7: names git would refuse are made valid (dots, .lock, odd characters)", () => {
    expect(ticketBranch({ id: "x000001", name: "..weird~^:name.lock" }, "a..b.lock")).toBe("gatehouse/weird-name-lock-000001/a.b-lock");
    expect(ticketBranch({ id: "x000002", name: "   " }, "k")).toBe("gatehouse/project-000002/k");
  });
});
