/**
 * Scripts of the demo's scripted agents, so a newcomer sees every mode work
 * without a model key: reads, a write, a per-call approval, a refused write in
 * plan mode, a typed plan, an orchestration proposal, and the main loop —
 * tickets that change code on branches of their own, pull requests, a review
 * that holds for a finding, a fix, a ship verdict and a merge.
 */
import type { Script } from "../models/script";

const call = (name: string, args: unknown) => ({ name, args });

/** src/invoice.js once the cap ticket is done: discounts capped at 50%, negative ones refused. */
export const CAPPED_INVOICE = `/** Sum of line items, in cents. */
export function subtotal(lines) {
  return lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
}

/** Tax on the subtotal, rounded to the cent. */
export function tax(cents, rate) {
  return Math.round(cents * rate);
}

/** The largest discount an invoice may carry, in percent. */
export const MAX_DISCOUNT_PERCENT = 50;

/** A percentage discount, capped at MAX_DISCOUNT_PERCENT; a negative one is refused. */
export function applyDiscount(cents, percent) {
  if (percent < 0) throw new RangeError("a discount cannot be negative");
  return Math.round(cents * (1 - Math.min(percent, MAX_DISCOUNT_PERCENT) / 100));
}

export function total(lines, { taxRate = 0, discountPercent = 0 } = {}) {
  const discounted = applyDiscount(subtotal(lines), discountPercent);
  return discounted + tax(discounted, taxRate);
}
`;

const CAPPED_TESTS = `import { test } from "node:test";
import assert from "node:assert/strict";
import { subtotal, total, applyDiscount } from "../src/invoice.js";

const lines = [{ unitCents: 1000, quantity: 2 }, { unitCents: 250, quantity: 4 }];

test("subtotal sums line items", () => assert.equal(subtotal(lines), 3000));
test("discount applies a percentage", () => assert.equal(applyDiscount(3000, 10), 2700));
test("discounts are capped at 50%", () => assert.equal(applyDiscount(3000, 60), 1500));
test("a 50% discount is allowed", () => assert.equal(applyDiscount(3000, 50), 1500));
test("negative discounts are refused", () => assert.throws(() => applyDiscount(3000, -5), RangeError));
test("total adds tax after discount", () => assert.equal(total(lines, { taxRate: 0.2, discountPercent: 10 }), 3240));
`;

const DOCS_README = `# invoice-kit

A tiny library that totals invoices and applies discounts.

- \`src/invoice.js\` — totals, tax and discounts
- \`src/format.js\` — money formatting
- \`tests/\` — run them with \`node --test tests/\`

## Discounts

\`applyDiscount(cents, percent)\` takes a percentage off. Discounts are capped at 50%
(\`MAX_DISCOUNT_PERCENT\`), and a negative discount throws a \`RangeError\`.
`;

/** The code change of the cap ticket; `slip` also leaves the local .env in the change. */
function capScenario(when: string, slip: boolean) {
  const env = call("write_file", { path: ".env", content: "# local settings I used while working on the cap\nDISCOUNT_CAP_PERCENT=50\n" });
  return {
    when,
    steps: [
      { text: "Working on this ticket. First, the code it changes.", toolCalls: [call("read_file", { path: "src/invoice.js" })] },
      {
        text: "Capping the discount at 50% and refusing negative ones, with tests for both.",
        toolCalls: [
          call("write_file", { path: "src/invoice.js", content: CAPPED_INVOICE }),
          call("write_file", { path: "tests/invoice.test.js", content: CAPPED_TESTS }),
          ...(slip ? [env] : []),
        ],
      },
      {
        text: "Done: applyDiscount caps at 50% and throws a RangeError below zero; tests cover 60%, 50% and -5%. My changes are committed when this run ends and open as a pull request.",
        ifRefused: "I could not change everything this ticket needs ({refused} was refused or failed), so it is not done.",
      },
    ],
  };
}

/**
 * Ticket runs (P3, O7) start with "Ticket <key>:" — every demo agent can do them, and each
 * ticket of the demo's plan and proposal changes code, so it ends as a branch and a pull
 * request. The plan's cap ticket also leaves the local `.env` it worked with in the change:
 * the built-in reviewer holds the pull request for it (a committed environment file), which
 * is what "Fix with an agent" then removes. The proposal's tickets ship as they are.
 */
const ticketScenarios = [
  capScenario("^Ticket cap\\b", true),
  capScenario("^Ticket impl\\b", false),
  {
    when: "^Ticket docs\\b",
    steps: [
      { text: "Working on this ticket: the README says nothing about discounts yet.", toolCalls: [call("read_file", { path: "README.md" })] },
      { text: "Adding a Discounts section.", toolCalls: [call("write_file", { path: "README.md", content: DOCS_README })] },
      {
        text: "Done: the README documents the 50% cap and the RangeError for negative discounts.",
        ifRefused: "I could not change everything this ticket needs ({refused} was refused or failed), so it is not done.",
      },
    ],
  },
  {
    when: "^Ticket ",
    steps: [
      { text: "Working on this ticket. First, the relevant code.", toolCalls: [call("list_dir", { path: "src" })] },
      {
        text: "This step needs no change to the code; the tickets that change it come with the plan.",
        ifRefused: "I could not read everything this step touches ({refused} was refused or failed), so this step is not done.",
      },
    ],
  },
];

/**
 * "Fix with an agent" (lib/pulls/fix-seed-message.ts) starts with "Fix this review finding".
 * The committed environment file is removed and ignored from now on; the person commits the
 * fix in the fix room, and the pull request follows its head (R8). Other findings are answered
 * honestly: a scripted agent cannot fix what it was not written for.
 */
const fixScenarios = [
  {
    when: "^Fix this review finding[\\s\\S]*Environment file committed",
    steps: [
      { text: "The pull request commits a local .env file. Removing it and ignoring .env files from now on.", toolCalls: [call("delete_file", { path: ".env" })] },
      { toolCalls: [call("write_file", { path: ".gitignore", content: "# local settings stay local\n.env\n.env.*\n" })] },
      {
        text: "Done: .env is removed and ignored. Commit the change in this room (Commit changes…) and the pull request follows it and is reviewed again.",
        ifRefused: "I could not remove the file ({refused} was refused or failed), so the finding is not fixed.",
      },
    ],
  },
  {
    when: "^Fix this review finding",
    steps: [
      {
        text: "I am a scripted demo agent and only know how to fix the committed .env file of the demo's plan; this finding needs a person or a model-backed agent.",
      },
    ],
  },
];

/** P4: an agent asked to plan when there is nothing to plan says so at once, instead of touring again. */
const noPlanNeeded = { when: "gatehouse:nudge", steps: [{ text: "No plan is needed here: I toured the repository and answered; switch to Plan mode with the Planner for a plan." }] };

export const BUILDER_SCRIPT: Script = {
  chunkDelayMs: 15,
  scenarios: [
    ...ticketScenarios,
    ...fixScenarios,
    noPlanNeeded,
    {
      steps: [
        { text: "Let me look around the repository first.", toolCalls: [call("list_dir", {})] },
        { toolCalls: [call("read_file", { path: "README.md" })] },
        { text: "Searching for open TODOs.", toolCalls: [call("grep", { pattern: "TODO|discount" })] },
        {
          text: "I'll write down what I found.",
          toolCalls: [call("write_file", { path: "NOTES.md", content: "# Notes\n\n- Discounts have no cap yet (src/invoice.js).\n- Tests live in tests/ and run with node --test.\n" })],
        },
        { text: "Now I'd like to run the test suite; this room asks before running commands.", toolCalls: [call("run_command", { command: "node --test tests/ 2>&1 | tail -n 8" })] },
        {
          text: "Done: I toured the repository, wrote NOTES.md and ran the tests. Discounts are uncapped — want a plan for that?",
          // Truthful when a call was refused (a person said no, or the mode does not allow it): name what did not happen.
          ifRefused:
            "I toured the repository, but not everything happened: {refused} was refused or failed, so I did not do that part — see the refused calls above. Discounts are uncapped — want a plan for that?",
        },
      ],
    },
  ],
};

export const PLANNER_SCRIPT: Script = {
  chunkDelayMs: 15,
  scenarios: [
    ...ticketScenarios,
    ...fixScenarios,
    { when: "gatehouse:nudge", steps: [{ text: "No plan is needed here." }] },
    {
      steps: [
        { text: "Plan mode: I'll investigate before proposing anything.", toolCalls: [call("list_dir", {})] },
        { toolCalls: [call("read_file", { path: "src/invoice.js" })] },
        { text: "Let me try to sketch the change directly…", toolCalls: [call("write_file", { path: "src/invoice.js", content: "// sketch" })] },
        { text: "Right — the worktree is read-only here. I'll look at the tests instead.", toolCalls: [call("read_file", { path: "tests/invoice.test.js" })] },
        {
          text: "Here is the plan as a dependency graph.",
          toolCalls: [
            call("submit_plan", {
              goal: "Cap discounts at 50% and reject negative discounts, with tests and docs",
              nodes: [
                { key: "cap", title: "Cap and validate discounts", description: "Clamp the percentage at 50% in src/invoice.js, throw a RangeError below zero, and test 60%, 50% and -5% in tests/invoice.test.js.", dependsOn: [] },
                { key: "docs", title: "Document discounts in the README", description: "One section on the cap and the error.", dependsOn: ["cap"] },
              ],
            }),
          ],
        },
        { text: "Plan v1 is submitted: two tickets, the docs after the code. Open it in Plan Studio to approve or reject it; each ticket then works on a branch of its own and ends as a pull request." },
      ],
    },
  ],
};

export const ORCHESTRATOR_SCRIPT: Script = {
  chunkDelayMs: 15,
  scenarios: [
    ...ticketScenarios,
    ...fixScenarios,
    {
      steps: [
        { text: "Looking at the codebase to size the work.", toolCalls: [call("list_dir", {})] },
        {
          text: "Here is a proposal for the team.",
          toolCalls: [
            call("propose_orchestration", {
              roles: [
                { name: "implementer", description: "Changes src/ and keeps the API stable." },
                { name: "writer", description: "Keeps the README in step with the code." },
              ],
              tickets: [
                { key: "impl", title: "Implement the discount cap", description: "Clamp discounts at 50%, refuse negative ones, and test 60%, 50% and -5%.", role: "implementer" },
                { key: "docs", title: "Document the cap", description: "A README section on the cap and the error.", role: "writer" },
              ],
              synthesis: { title: "Review and merge", description: "Check both tickets together and summarize." },
              budget: { maxRuns: 6, maxMinutes: 30 },
            }),
          ],
        },
        { text: "The proposal waits for a person's approval; nothing runs until then." },
      ],
    },
  ],
};
