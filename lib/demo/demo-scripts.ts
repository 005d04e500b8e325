/**
 * Scripts of the demo's scripted agents, so a newcomer sees every mode work
 * without a model key: reads, a write, a per-call approval, a refused write in
 * plan mode, a typed plan, an orchestration proposal, and ticket work.
 */
import type { Script } from "../models/script";

const call = (name: string, args: unknown) => ({ name, args });

/** Ticket runs (P3) start with "Ticket" — every demo agent can do them. */
const ticketScenario = {
  when: "^Ticket ",
  steps: [
    { text: "Working on this ticket. First, the relevant code.", toolCalls: [call("list_dir", { path: "src" })] },
    { toolCalls: [call("read_file", { path: "src/invoice.js" })] },
    {
      text: "The change for this step is clear and small; done, and the tests it needs are listed in the plan.",
      ifRefused: "I could not read everything this step touches ({refused} was refused or failed), so this step is not done.",
    },
  ],
};

export const BUILDER_SCRIPT: Script = {
  chunkDelayMs: 15,
  scenarios: [
    ticketScenario,
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
    ticketScenario,
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
              goal: "Cap discounts at 50% and reject negative discounts, with tests",
              nodes: [
                { key: "policy", title: "Decide the discount policy", description: "Write down the cap (50%) and that negative discounts are rejected.", dependsOn: [] },
                { key: "cap", title: "Cap discounts in applyDiscount", description: "Clamp the percentage to the cap in src/invoice.js.", dependsOn: ["policy"] },
                { key: "reject-negative", title: "Reject negative discounts", description: "Throw a RangeError for percentages below zero.", dependsOn: ["policy"] },
                { key: "tests", title: "Test the cap and the rejection", description: "Add cases to tests/invoice.test.js for 60%, 50% and -5%.", dependsOn: ["cap", "reject-negative"] },
                { key: "docs", title: "Document discounts in the README", description: "One paragraph on the cap and the error.", dependsOn: ["cap"] },
              ],
            }),
          ],
        },
        { text: "Plan v1 is submitted: five steps, two of them can run in parallel. Open it in Plan Studio to approve or reject it." },
      ],
    },
  ],
};

export const ORCHESTRATOR_SCRIPT: Script = {
  chunkDelayMs: 15,
  scenarios: [
    ticketScenario,
    {
      steps: [
        { text: "Looking at the codebase to size the work.", toolCalls: [call("list_dir", {})] },
        {
          text: "Here is a proposal for the team.",
          toolCalls: [
            call("propose_orchestration", {
              roles: [
                { name: "implementer", description: "Changes src/ and keeps the API stable." },
                { name: "tester", description: "Adds tests for the new rules." },
              ],
              tickets: [
                { key: "impl", title: "Implement the discount cap", description: "Clamp discounts at 50%.", role: "implementer" },
                { key: "tests", title: "Test the cap", description: "Cover 0%, 50%, 60% and negative values.", role: "tester" },
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
