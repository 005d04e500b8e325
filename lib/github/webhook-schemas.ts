/**
 * The parts of GitHub's webhook payloads Gatehouse reads, and the jobs a
 * verified delivery queues. Schemas name only the fields that are used:
 * everything else GitHub sends is ignored, so a new field on their side never
 * breaks a delivery.
 */
import { z } from "zod";
import { defineJob } from "../queue/define-job";
import { validateBranchName } from "../repos/git-refs";

const id = z.string().trim().min(1).max(64);
const sha = z.string().regex(/^[0-9a-f]{40}$/, "a 40-digit commit id");
/** Branch names GitHub sends; anything git would not accept as a branch is refused, never passed to git. */
const branch = z.string().superRefine((name, ctx) => {
  try {
    validateBranchName(name);
  } catch {
    ctx.addIssue({ code: "custom", message: "not a branch name Gatehouse can fetch" });
  }
});

/** Every delivery names its repository; that is how the secrets to try are found. */
export const githubEnvelope = z.object({ repository: z.object({ full_name: z.string().min(3).max(200) }) });

/** A pull request as GitHub's payloads and its API describe it (the fields Gatehouse keeps true). */
export const githubPullSchema = z.object({
  title: z.string().max(1000),
  /** open | closed */
  state: z.string().max(20).optional(),
  draft: z.boolean().optional(),
  merged: z.boolean().nullable().optional(),
  /** R9: orders deliveries that arrive late or out of order */
  updated_at: z.string().datetime({ offset: true }).nullable().optional(),
  head: z.object({ ref: branch, sha }),
  base: z.object({ ref: branch, sha }),
});

export const githubPullRequestEvent = z.object({
  action: z.string(),
  number: z.number().int().positive(),
  /** synchronize: the head before and after the push (R9: the before/after chain orders pushes in the same second) */
  before: sha.optional().catch(undefined),
  after: sha.optional().catch(undefined),
  pull_request: githubPullSchema,
});
export type GithubPullRequestEvent = z.infer<typeof githubPullRequestEvent>;

/** A check run's own words, each part bounded (GitHub allows 65 535 characters per part). */
const checkRunOutput = z.object({
  title: z.string().max(1000).nullable().optional(),
  summary: z.string().max(65_535).nullable().optional(),
  text: z.string().max(65_535).nullable().optional(),
});

export const githubCheckRunEvent = z.object({
  action: z.string(),
  check_run: z.object({
    name: z.string().min(1).max(200),
    head_sha: sha,
    status: z.string(),
    conclusion: z.string().nullable().optional(),
    details_url: z.string().max(2048).nullable().optional(),
    /** what the check said beyond its conclusion (R5: shown for one that did not pass); a malformed one is dropped, never the delivery */
    output: checkRunOutput.nullable().optional().catch(null),
  }),
});

/**
 * R9: the pull_request actions that change what Gatehouse keeps true (state, head, base, title); the rest
 * (labels, assignees, review requests) are acknowledged and ignored.
 */
export const HANDLED_PULL_ACTIONS = ["opened", "reopened", "synchronize", "ready_for_review", "closed", "edited"] as const;

/** `X-GitHub-Delivery`: a GUID; bounded so it can be a primary key. */
export const deliveryId = z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9-]+$/, "not a delivery id");


// ───────────────────────── job payloads ─────────────────────────

export const githubPullJob = z.object({
  repositoryId: id,
  action: z.enum(HANDLED_PULL_ACTIONS),
  number: z.number().int().positive(),
  title: z.string(),
  baseRef: z.string(),
  baseSha: sha,
  headRef: z.string(),
  headSha: sha,
  /** closed: merged (true) or closed without merging */
  merged: z.boolean().optional(),
  /** the forge's pull_request.updated_at (R9: a delivery older than the one applied never moves the pull request back) */
  updatedAt: z.string().datetime({ offset: true }).optional(),
  /** GitHub's pull_request.state (open | closed); absent in jobs queued before it was carried: read from the action */
  state: z.enum(["open", "closed"]).optional(),
  /** synchronize: the head before the push */
  before: sha.optional(),
});
export type GithubPullJob = z.infer<typeof githubPullJob>;

export const checkRunJob = z.object({
  repositoryId: id,
  headSha: sha,
  name: z.string().min(1).max(200),
  conclusion: z.string().nullable(),
  detailsUrl: z.string().nullable().optional(),
  /** R5: the check's title, summary and text, joined (absent in jobs queued before it was carried) */
  output: z.string().max(140_000).nullable().optional(),
});
export type CheckRunJob = z.infer<typeof checkRunJob>;

/** R9: a verified pull_request delivery, one per connected repository */
export const githubPullJobKind = defineJob({ kind: "review.github_pull", payload: githubPullJob, retry: { maxAttempts: 5 } });
/** R8: a completed check run, recorded against the head it names */
export const checkRunJobKind = defineJob({ kind: "review.check_run", payload: checkRunJob, retry: { maxAttempts: 5 } });
