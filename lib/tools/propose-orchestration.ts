import { proposeOrchestrationInput, validateProposal, type OrchestrationProposalInput } from "../plans/proposal";
import type { ToolDefinition } from "./types";

/**
 * O1, G1: orchestrate mode's one privileged verb — pinned and pre-approved.
 * It only records a proposal; nothing runs until a person approves it (O2),
 * and no agent or MCP tool can approve it (O3). Re-proposals within two
 * minutes are refused by the service (O4).
 */
export const proposeOrchestrationTool: ToolDefinition<OrchestrationProposalInput> = {
  name: "propose_orchestration",
  tier: "read",
  effects: [],
  scope: "mode",
  description:
    "Deliver your proposal for the team: the roles needed, a tree of sub-tickets (each with a key, title, description and role), " +
    "a synthesis step that combines their results, and a budget. Nothing runs until a person approves it. " +
    "Batch your changes: a new proposal within two minutes of the last one is refused.",
  input: proposeOrchestrationInput,
  async execute(args, ctx) {
    const checked = validateProposal(args);
    if (!checked.ok) {
      return { output: `The proposal was not accepted. Fix these and propose again:\n- ${checked.errors.join("\n- ")}`, isError: true };
    }
    const { proposalId } = await ctx.services.orchestration.propose(checked.proposal);
    return { output: `Proposal recorded (${proposalId}). It waits for a person's approval; nothing runs until then.` };
  },
};
