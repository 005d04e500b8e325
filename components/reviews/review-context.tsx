"use client";
/**
 * What every part of the review room needs without prop drilling: where it
 * is (workspace, pull request), whether the viewer may act, and how to jump
 * between a finding's card in the panel and its place in the diff. The value
 * is stable for the life of the page, so consumers never re-render because of it.
 */
import { createContext, useContext } from "react";
import type { FindingView } from "@/components/pulls/pull-types";

export interface ReviewContextValue {
  slug: string;
  pullId: string;
  canWrite: boolean;
  userId: string;
  /** scroll the diff to the finding's anchor (expanding its file) and focus its inline card */
  showInDiff: (finding: FindingView) => void;
  /** switch to the findings tab and scroll to the finding's card */
  showInPanel: (findingId: string) => void;
}

export const ReviewContext = createContext<ReviewContextValue | null>(null);

export function useReview(): ReviewContextValue {
  const value = useContext(ReviewContext);
  if (!value) throw new Error("useReview() outside <ReviewContext>");
  return value;
}
