import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  checkCooldown,
  flattenProposal,
  PROPOSAL_COOLDOWN_MS,
  proposeOrchestrationInput,
  SYNTHESIS_KEY,
  validateProposal,
} from "./proposal";

const proposal = () => ({
  roles: [
    { name: "backend", description: "APIs and data" },
    { name: "frontend", description: "UI" },
  ],
  tickets: [
    {
      key: "billing",
      title: "Billing",
      description: "Integrate invoices end to end",
      role: "backend",
      children: [
        { key: "schema", title: "Schema", description: "", role: "backend" },
        { key: "ui", title: "Invoice page", description: "", role: "frontend" },
      ],
    },
    { key: "docs", title: "Docs", description: "", role: "frontend" },
  ],
  synthesis: { title: "Combine", description: "Check everything fits together" },
  budget: { maxRuns: 10, maxMinutes: 60 },
});

function errorsOf(input: unknown): string[] {
  const result = validateProposal(input);
  if (result.ok) throw new Error("expected the proposal to be refused");
  return result.errors;
}

describe("propose_orchestration input (O1)", () => {
  it("O1: a proposal with roles, a ticket tree, a synthesis step and a budget is accepted", () => {
    const result = validateProposal(proposal());
    expect(result.ok).toBe(true);
  });

  it("O1: ticket keys must be unique across the whole tree, and 'synthesis' is reserved", () => {
    const p = proposal();
    p.tickets[0]!.children![1]!.key = "schema";
    p.tickets[1]!.key = SYNTHESIS_KEY;
    expect(errorsOf(p)).toEqual([
      'tickets[0] ("billing").children[1] ("schema").key: key "schema" is already used at tickets[0].children[0]; every ticket in the tree needs its own key',
      'tickets[1] ("synthesis").key: key "synthesis" is reserved for the synthesis step; pick another key',
    ]);
  });

  it("O1: a ticket's role must be one of the declared roles", () => {
    const p = proposal();
    p.tickets[1]!.role = "designer";
    expect(errorsOf(p)).toEqual([
      'tickets[1] ("docs").role: role "designer" is not one of the proposal\'s roles ("backend", "frontend"); declare it in roles or use one of those',
    ]);
  });

  it("O1: the budget must cover every ticket plus the synthesis step", () => {
    const p = proposal();
    p.budget.maxRuns = 4;
    expect(errorsOf(p)).toEqual([
      "budget.maxRuns: is 4, but the proposal needs at least 5 runs (4 tickets plus synthesis); raise it or trim the tree",
    ]);
  });

  it("O1: shape errors carry field paths; unknown fields and duplicate roles are refused", () => {
    const p = { ...proposal(), approve: true } as Record<string, unknown>;
    (p["roles"] as { name: string }[])[1]!.name = "backend";
    const errors = errorsOf(p);
    expect(errors).toContain('proposal: has unknown field "approve"; remove it');
    expect(errorsOf({ ...proposal(), budget: { maxRuns: 1.5, maxMinutes: 0 } })).toEqual([
      "budget.maxRuns: must be an int, not a number",
      "budget.maxMinutes: must be ≥ 1",
    ]);
    const dup = proposal();
    dup.roles[1]!.name = "backend";
    dup.tickets[0]!.children![1]!.role = "backend";
    dup.tickets[1]!.role = "backend";
    expect(errorsOf(dup)).toEqual(['roles[1] ("backend").name: role "backend" is declared twice; declare each role once']);
  });

  it("O1: a tree deeper than six levels is refused", () => {
    type T = { key: string; title: string; description: string; role: string; children?: T[] };
    let deep: T = { key: "l7", title: "L", description: "", role: "backend" };
    for (let level = 6; level >= 1; level--) deep = { key: `l${level}`, title: "L", description: "", role: "backend", children: [deep] };
    expect(errorsOf({ ...proposal(), tickets: [deep] })).toEqual([
      "tickets: the tree is 7 levels deep; keep it to 6 levels or fewer",
    ]);
  });

  it("O1: the recursive input schema converts to a JSON schema for the model", () => {
    const schema = JSON.stringify(z.toJSONSchema(proposeOrchestrationInput, { io: "input" }));
    expect(schema).toContain('"children"');
    expect(schema).toContain('"synthesis"');
  });
});

describe("flattenProposal (O1)", () => {
  it("O1: the tree flattens to tickets where a parent depends on its children and synthesis on every root", () => {
    const result = validateProposal(proposal());
    if (!result.ok) throw new Error(result.errors.join("\n"));
    expect(flattenProposal(result.proposal).map(({ key, role, dependsOn }) => ({ key, role, dependsOn }))).toEqual([
      { key: "schema", role: "backend", dependsOn: [] },
      { key: "ui", role: "frontend", dependsOn: [] },
      { key: "billing", role: "backend", dependsOn: ["schema", "ui"] },
      { key: "docs", role: "frontend", dependsOn: [] },
      { key: SYNTHESIS_KEY, role: null, dependsOn: ["billing", "docs"] },
    ]);
  });
});

describe("checkCooldown (O4)", () => {
  const now = new Date("2025-01-01T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it("O4: the first proposal in a room is allowed", () => {
    expect(checkCooldown(null, now)).toEqual({ ok: true });
  });

  it("O4: a re-proposal within two minutes is refused and asks to batch", () => {
    const check = checkCooldown(ago(45_000), now);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.retryAfterMs).toBe(75_000);
    expect(check.message).toMatch(/two-minute cooldown/);
    expect(check.message).toMatch(/Batch your changes/);
    expect(check.message).toContain("45 s ago");
    expect(check.message).toContain("in 75 s or later");
  });

  it("O4: a re-proposal at or after two minutes is allowed", () => {
    expect(checkCooldown(ago(PROPOSAL_COOLDOWN_MS), now)).toEqual({ ok: true });
    expect(checkCooldown(ago(PROPOSAL_COOLDOWN_MS + 1), now)).toEqual({ ok: true });
    expect(checkCooldown(ago(PROPOSAL_COOLDOWN_MS - 1), now).ok).toBe(false);
  });

  it("O4: a last proposal stamped in the future (clock skew) counts as just now", () => {
    const check = checkCooldown(new Date(now.getTime() + 10_000), now);
    expect(check).toMatchObject({ ok: false, retryAfterMs: PROPOSAL_COOLDOWN_MS });
  });
});
