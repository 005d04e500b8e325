/** Request bodies and queries of the pull-request API: opening a pull request and reading its diff. */
import { z } from "zod";
import { InvalidRefError, validateRef } from "../repos/git-refs";

const id = z.string().trim().min(1).max(64);

/** A revision a person types (branch, tag, sha); the same rules git.ts enforces before git sees it. */
const revision = z
  .string()
  .trim()
  .superRefine((ref, ctx) => {
    try {
      validateRef(ref);
    } catch (error) {
      if (!(error instanceof InvalidRefError)) throw error;
      ctx.addIssue({ code: "custom", message: error.message });
    }
  });

/** POST /pulls: open a pull request between two branches of a connected repository. */
export const openPullBody = z.strictObject({
  repositoryId: id,
  baseRef: revision,
  headRef: revision,
  title: z.string().trim().min(1, "give the pull request a title").max(300),
  /** an agent of the workspace to review it; default: the first real-model agent, else the built-in reviewer */
  agentId: id.optional(),
});
export type OpenPullBody = z.infer<typeof openPullBody>;

/** GET /diff?base=&head= (both default to the pull request's base and head). */
export const diffQuery = z.strictObject({ base: revision.optional(), head: revision.optional() });

/** POST /pulls/:id/state: a person closes or reopens a pull request. */
export const pullStateBody = z.strictObject({ action: z.enum(["close", "reopen"]) });
export type PullStateBody = z.infer<typeof pullStateBody>;

const commitId = z.string().trim().regex(/^[0-9a-f]{40}$/, "give the full 40-character commit id of the head you reviewed");

/**
 * POST /pulls/:id/merge. `headSha` is the head the person looked at: a head
 * that moved since is refused, so nobody merges what they did not see.
 */
export const mergePullBody = z.strictObject({
  method: z.enum(["merge", "fast-forward"]),
  headSha: commitId,
  /** required to merge over a verdict that is not ship (or no verdict for the head); recorded with the person's name */
  overrideReason: z.string().trim().min(5, "say in a few words why this merges without a ship verdict").max(2000).optional(),
});
export type MergePullBody = z.infer<typeof mergePullBody>;

/**
 * POST /pulls/:id/findings/:findingId/apply: commit the finding's suggested change onto the head branch,
 * with the person's commit message (absent → "Apply suggestion: <finding title>").
 */
export const applySuggestionBody = z.strictObject({
  headSha: commitId,
  message: z
    .string()
    .trim()
    .min(1, "write a commit message, or leave it out for the default one")
    .max(10_000, "a commit message is at most 10,000 characters")
    .refine((text) => !text.includes("\0"), "a commit message cannot contain a NUL character")
    .optional(),
});
export type ApplySuggestionBody = z.infer<typeof applySuggestionBody>;

/** POST …/pulls/:id/review-requests: R3, ask a member to review. */
export const reviewRequestBody = z.strictObject({ userId: z.string({ error: "pick the person to ask" }).trim().min(1, "pick the person to ask").max(64) });
export type ReviewRequestBody = z.infer<typeof reviewRequestBody>;
