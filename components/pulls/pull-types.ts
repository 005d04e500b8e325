/**
 * Client-side names for what the pull-request and review API returns. Types
 * only cross the server boundary (the modules they come from touch the
 * database).
 */
import type { PullRequestDetail, ReviewView } from "@/lib/pulls/get-pull-request";
import type { PullDiff } from "@/lib/pulls/get-pull-diff";
import type { PullRequestSummary } from "@/lib/pulls/pull-view";
import type { HeadChange } from "@/lib/pulls/apply-new-head";
import type { MergedPull } from "@/lib/pulls/merge-pull-request";
import type { BranchOption, RepositoryBranches } from "@/lib/repositories/list-repository-branches";
import type { FindingEventView } from "@/lib/reviews/get-finding";
import type { FindingView } from "@/lib/reviews/finding-view";
import type { DiffFile, DiffHunk, DiffLine } from "@/lib/diff/parse-diff";
import type { AxisTableRow } from "@/lib/reviews/pick-axis-results";
import type { FindingKind, FindingStatus, Priority, Verdict } from "@/lib/reviews/schemas";

export type {
  AxisTableRow,
  BranchOption,
  MergedPull,
  RepositoryBranches,
  DiffFile,
  DiffHunk,
  DiffLine,
  FindingEventView,
  FindingKind,
  FindingStatus,
  FindingView,
  HeadChange,
  Priority,
  PullDiff,
  PullRequestDetail,
  PullRequestSummary,
  ReviewView,
  Verdict,
};

export type DroppedFinding = PullRequestDetail["drops"][number];
export type VerdictRule = ReviewView["rules"][number];

/** POST /pulls answer. */
export interface OpenedPull {
  pullRequest: { id: string; number: number; title: string; baseSha: string; headSha: string };
  room: { id: string; mode: "review" };
  runId: string;
}
