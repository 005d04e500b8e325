/**
 * The room event types pipelines, proposals and projects record, in one place
 * (the event catalogue can import these names). Each is written with
 * lib/events/record-event.ts into the room the pipeline belongs to.
 */
export const PIPELINE_EVENTS = {
  /** O8: a person rejected a proposal, or a newer one superseded it */
  proposalDecided: "proposal.decided",
  /** O5: approval hired these agents (created or reused by name) */
  agentsHired: "orchestration.agents_hired",
  /** S2: a step opened its own room with this mode */
  stepRoomOpened: "pipeline.step_room_opened",
  /** a person paused, resumed or cancelled a pipeline, or O6 paused it at its budget */
  paused: "pipeline.paused",
  resumed: "pipeline.resumed",
  cancelled: "pipeline.cancelled",
  /** O6: a project reached a budget limit */
  budgetReached: "project.budget_reached",
  /** O6: a person raised a project's budget */
  budgetRaised: "project.budget_raised",
} as const;
export type PipelineEventType = (typeof PIPELINE_EVENTS)[keyof typeof PIPELINE_EVENTS];
