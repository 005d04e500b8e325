import { describe, expect, it } from "vitest";
import {
  decidePlanOutcome,
  isNudge,
  looksLikeNarratedPlan,
  needsPlanNudge,
  NUDGE_MARKER,
  PLAN_NUDGE,
  PLAN_OUTCOME_LABELS,
  PLAN_OUTCOMES,
  saysNoPlanNeeded,
} from "./outcome";

const NARRATED = `Here's the plan:
1. Add the Invoice table with a migration.
2. Expose GET /invoices.
3. Write tests for both.`;

describe("plan-mode outcome (A4)", () => {
  it("A4: there are exactly four terminal states, each with a label", () => {
    expect([...PLAN_OUTCOMES]).toEqual(["never_planned", "plan_drafted", "plan_approved", "narrated_plan"]);
    expect(Object.keys(PLAN_OUTCOME_LABELS).sort()).toEqual([...PLAN_OUTCOMES].sort());
  });

  it("A4: a submitted and approved plan is plan_approved", () => {
    expect(decidePlanOutcome({ submittedPlan: true, planApproved: true, finalText: "Submitted." })).toBe("plan_approved");
  });

  it("A4: a submitted plan that is not approved (yet) is plan_drafted, whatever the final text says", () => {
    expect(decidePlanOutcome({ submittedPlan: true, planApproved: false, finalText: NARRATED })).toBe("plan_drafted");
    expect(decidePlanOutcome({ submittedPlan: true, planApproved: false, finalText: null })).toBe("plan_drafted");
  });

  it("A4: plan-like text without a successful submit_plan is narrated_plan", () => {
    expect(decidePlanOutcome({ submittedPlan: false, planApproved: false, finalText: NARRATED })).toBe("narrated_plan");
  });

  it("A4: an honest 'no plan is needed here' answer is never_planned", () => {
    expect(
      decidePlanOutcome({
        submittedPlan: false,
        planApproved: false,
        finalText: "The port is set in config/server.ts. No plan is needed here.",
      }),
    ).toBe("never_planned");
  });

  it("A4: the honest exit wins over plan-like text in the same answer", () => {
    const text = `No plan is needed here; to run the tests:\n1. npm ci\n2. npm test\n3. open the report`;
    expect(decidePlanOutcome({ submittedPlan: false, planApproved: false, finalText: text })).toBe("never_planned");
  });

  it("A4: a run with no final text and no plan is never_planned", () => {
    expect(decidePlanOutcome({ submittedPlan: false, planApproved: false, finalText: null })).toBe("never_planned");
    expect(decidePlanOutcome({ submittedPlan: false, planApproved: true, finalText: "" })).toBe("never_planned");
  });
});

describe("looksLikeNarratedPlan (A4)", () => {
  it.each([
    ["three numbered steps", "1. Add the table\n2. Add the API\n3. Add tests"],
    ["numbered with parentheses", "1) Read the code\n2) Change the parser\n3) Verify"],
    ["a plan heading with bullets", "## Plan\n- migrate the table\n- update callers"],
    ["a bold plan heading", "**Proposed plan**\n\n- first the schema\n- then the API"],
    ["an inline plan line", "Plan: first refactor the parser, then add the flag."],
    ["'here is the plan' with two bullets", "Here is my plan.\n- schema\n- api"],
    ["step markers", "Step 1: add the column.\nStep 2: backfill it."],
    ["imperative bullets", "- Add a column\n- Update the repository\n- Write a migration test"],
    ["a checkbox list", "- [ ] schema\n- [ ] api\n- [x] docs"],
    ["a markdown step heading list", "### Step 1\nAdd it.\n### Step 2\nTest it."],
  ])("A4: %s reads as a narrated plan", (_name, text) => {
    expect(looksLikeNarratedPlan(text)).toBe(true);
  });

  it.each([
    ["empty text", ""],
    ["a plain answer", "The server listens on port 3000; it is configured in config/server.ts."],
    ["two numbered facts", "There are two reasons:\n1. the cache is cold\n2. the index is missing"],
    ["a list of files", "The relevant files are:\n- lib/a.ts\n- lib/b.ts\n- lib/c.ts"],
    ["a mention of planning in prose", "I could plan this, but the question only asks where the port is set."],
    ["numbered lines inside a code block", "```\n1. one\n2. two\n3. three\n```"],
  ])("A4: %s does not read as a plan", (_name, text) => {
    expect(looksLikeNarratedPlan(text)).toBe(false);
  });
});

describe("the honest exit (P4, A4)", () => {
  it.each([
    "No plan is needed here.",
    "no plan needed",
    "NO PLAN IS NEEDED",
    "This is a question, so no formal plan is necessary.",
    "There's no need for a plan.",
    "This doesn’t need a plan.",
    "It does not require a plan.",
    "A plan isn't needed for this.",
    "A plan is not necessary here.",
    "Planning is unnecessary here.",
    "Hier ist kein Plan nötig.",
    "Das braucht keinen Plan.",
  ])("P4: %j is recognized as the honest exit", (text) => {
    expect(saysNoPlanNeeded(text)).toBe(true);
  });

  it.each(["A plan is needed here.", "Here is the plan.", "I planned the change carefully.", "No planned downtime."])(
    "P4: %j is not the honest exit",
    (text) => {
      expect(saysNoPlanNeeded(text)).toBe(false);
    },
  );
});

describe("the completion nudge (P4)", () => {
  it("P4: the nudge starts with its marker, says a plan exists only when submit_plan succeeds and allows the honest exit", () => {
    expect(PLAN_NUDGE.startsWith(NUDGE_MARKER)).toBe(true);
    expect(NUDGE_MARKER).toBe("[gatehouse:nudge]");
    expect(PLAN_NUDGE).toMatch(/A plan exists only when a submit_plan call succeeds/);
    expect(PLAN_NUDGE).toContain('"no plan is needed here"');
    expect(saysNoPlanNeeded(PLAN_NUDGE)).toBe(true);
    expect(isNudge(PLAN_NUDGE)).toBe(true);
    expect(isNudge("please make a plan")).toBe(false);
  });

  it("P4: a run without a successful submit_plan gets exactly one nudge", () => {
    expect(needsPlanNudge({ submittedPlan: false, nudged: false })).toBe(true);
    expect(needsPlanNudge({ submittedPlan: false, nudged: true })).toBe(false);
    expect(needsPlanNudge({ submittedPlan: true, nudged: false })).toBe(false);
  });
});
