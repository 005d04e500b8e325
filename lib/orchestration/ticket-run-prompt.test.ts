import { describe, expect, it } from "vitest";
import { ticketRunPrompt } from "./ticket-run-prompt";

const tickets = [
  { key: "schema", title: "Add the table", description: "Migration and model.", dependsOn: [], result: "Added Invoice with a migration." },
  { key: "api", title: "Expose it", description: "", dependsOn: ["schema"], result: null },
  { key: "ui", title: "Show it", description: "", dependsOn: ["api"], result: null },
];

describe("ticket run prompts", () => {
  it("P3: a ticket's run starts with \"Ticket <key>: <title>\" and carries its dependencies' results and its dependants", () => {
    const prompt = ticketRunPrompt("Invoices end to end", tickets[1]!, tickets);
    expect(prompt.startsWith("Ticket api: Expose it\n")).toBe(true);
    expect(prompt).toContain("Goal of the whole plan: Invoices end to end");
    expect(prompt).toContain("- Add the table (schema): Added Invoice with a migration.");
    expect(prompt).toContain("- Show it (ui)");
  });

  it("P3: the demo agents' ticket scenario (^Ticket ) matches every ticket prompt", () => {
    for (const t of tickets) expect(/^Ticket /i.test(ticketRunPrompt("g", t, tickets))).toBe(true);
  });

  it("O7: a code ticket hears its branch, where its changes go, its acceptance criteria and its scope, and that its dependencies' changes are not in its branch", () => {
    const prompt = ticketRunPrompt("g", { ...tickets[1]!, acceptance: ["GET /invoices lists them"], scope: ["src/api/"] }, tickets, { branch: "gatehouse/inv-abc123/api", baseBranch: "main" });
    expect(prompt).toContain("You work on the branch gatehouse/inv-abc123/api, made from main");
    expect(prompt).toContain("opened as a pull request into main");
    expect(prompt).toContain("- GET /invoices lists them");
    expect(prompt).toContain("Change only files under:\n- src/api/");
    expect(prompt).toContain("their changes are in their own pull requests, not in your branch");
    expect(prompt).not.toContain("already in the worktree");
  });
});
