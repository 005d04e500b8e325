/**
 * Every tool Gatehouse has. Modes never list tools here; each mode's profile
 * filters this registry (lib/modes/surface.ts), so adding a tool cannot
 * silently widen a read-only mode: its tier and effect classes decide.
 */
import type { ToolSpec } from "../modes/types";
import { addReviewNodeTool } from "./add-review-node";
import { askUserTool } from "./ask-user";
import { changeModeTool } from "./change-mode";
import { createTicketTool } from "./create-ticket";
import { delegateTool } from "./delegate";
import { deleteFileTool } from "./delete-file";
import { editFileTool } from "./edit-file";
import { exitPlanModeTool } from "./exit-plan-mode";
import { finalizeReviewTool } from "./finalize-review";
import { gitCommitTool } from "./git-commit";
import { gitDiffTool } from "./git-diff";
import { gitLogTool } from "./git-log";
import { globTool } from "./glob";
import { grepTool } from "./grep";
import { listDirTool } from "./list-dir";
import { postCommentTool } from "./post-comment";
import { proposeOrchestrationTool } from "./propose-orchestration";
import { readFileTool } from "./read-file";
import { runCommandTool } from "./run-command";
import { submitPlanTool } from "./submit-plan";
import { todoWriteTool } from "./todo-write";
import type { ToolDefinition } from "./types";
import { webFetchTool } from "./web-fetch";
import { writeFileTool } from "./write-file";

export const TOOLS: readonly ToolDefinition[] = [
  // read tier
  readFileTool,
  listDirTool,
  globTool,
  grepTool,
  gitDiffTool,
  gitLogTool,
  // read tier, network egress (M7: research; H4 decides where it may connect)
  webFetchTool,
  // read tier, starts a sub-agent under this run's ceiling (A6; only where the profile allows delegation)
  delegateTool,
  // meta (pinned everywhere)
  askUserTool,
  todoWriteTool,
  // meta where the workspace enables it (X4)
  changeModeTool,
  // write tier
  writeFileTool,
  editFileTool,
  deleteFileTool,
  createTicketTool,
  postCommentTool,
  // execute tier
  runCommandTool,
  gitCommitTool,
  // mode-bound: output verbs and gates
  submitPlanTool,
  exitPlanModeTool,
  proposeOrchestrationTool,
  addReviewNodeTool,
  finalizeReviewTool,
] as ToolDefinition[];

/** The static specs, for projections that never execute anything (UI, prompt, tests). */
export const TOOL_SPECS: readonly ToolSpec[] = TOOLS.map(({ name, tier, effects, scope, description }) => ({
  name,
  tier,
  effects,
  scope,
  description,
}));

export function findTool(name: string): ToolDefinition | undefined {
  return TOOLS.find((t) => t.name === name);
}
