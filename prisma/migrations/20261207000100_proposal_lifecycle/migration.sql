-- O4: the proposal cooldown is one conditional update of the room's lastProposalAt, so
-- concurrent propose_orchestration calls record exactly one proposal.
ALTER TABLE "Room" ADD COLUMN "lastProposalAt" TIMESTAMP(3);
-- O8: a person's comment when rejecting a proposal.
ALTER TABLE "OrchestrationProposal" ADD COLUMN "comment" TEXT;
