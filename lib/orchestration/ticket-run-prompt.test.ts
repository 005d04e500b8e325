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
});
