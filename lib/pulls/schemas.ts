/**
 * Request bodies and queries of the pull-request API (issue 5), and the parts
 * of GitHub's webhook payloads Gatehouse reads. Webhook schemas name only the
 * fields that are used: everything else GitHub sends is ignored, so a new field
 * on their side never breaks a delivery.
 */
import { z } from "zod";
import { FINDING_KINDS, FINDING_STATUSES, PRIORITIES } from "../reviews/schemas";
import { InvalidRefError, validateBranchName, validateRef } from "../repos/git";

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

/** POST /findings/:id/status. Dismissing needs a reason (lib/reviews/decide-transition.ts says why). */
export const findingStatusBody = z.strictObject({
  action: z.enum(["resolve", "dismiss", "reopen"]),
  reason: z.string().trim().max(2000).optional(),
});
export type FindingStatusBody = z.infer<typeof findingStatusBody>;

/** "a,b" or repeated params → a list of allowed values. */
function listOf<T extends string>(values: readonly [T, ...T[]]) {
  return z
    .string()
    .transform((s) => s.split(",").map((v) => v.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)))
    .optional();
}

/** GET /findings?kind=bug,question&priority=P0,P1&status=open&minConfidence=0.5 */
export const findingsQuery = z.strictObject({
  kind: listOf(FINDING_KINDS),
  priority: listOf(PRIORITIES),
  status: listOf(FINDING_STATUSES),
  minConfidence: z.coerce.number().min(0).max(1).optional(),
});
export type FindingsQuery = z.infer<typeof findingsQuery>;

/** GET /diff?base=&head= (both default to the pull request's base and head). */
export const diffQuery = z.strictObject({ base: revision.optional(), head: revision.optional() });

/** A person's finding: any JSON object; lib/reviews/read-finding.ts is the real boundary (R4). */
export const addFindingBody = z.record(z.string(), z.unknown());

// ───────────────────────── GitHub webhooks ─────────────────────────

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

export const githubPullRequestEvent = z.object({
  action: z.string(),
  number: z.number().int().positive(),
  pull_request: z.object({
    title: z.string().max(1000),
    draft: z.boolean().optional(),
    head: z.object({ ref: branch, sha }),
    base: z.object({ ref: branch, sha }),
  }),
});
export type GithubPullRequestEvent = z.infer<typeof githubPullRequestEvent>;

export const githubCheckRunEvent = z.object({
  action: z.string(),
  check_run: z.object({
    name: z.string().min(1).max(200),
    head_sha: sha,
    status: z.string(),
    conclusion: z.string().nullable().optional(),
    details_url: z.string().max(2048).nullable().optional(),
  }),
});

/** Issue 5 §1b: the pull_request actions that (re)start a review; the rest are acknowledged and ignored. */
export const HANDLED_PULL_ACTIONS = ["opened", "reopened", "synchronize", "ready_for_review"] as const;

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
});
export type GithubPullJob = z.infer<typeof githubPullJob>;

export const checkRunJob = z.object({
  repositoryId: id,
  headSha: sha,
  name: z.string().min(1).max(200),
  conclusion: z.string().nullable(),
  detailsUrl: z.string().nullable().optional(),
});
export type CheckRunJob = z.infer<typeof checkRunJob>;

export const axesJob = z.object({ repositoryId: id, headSha: sha });
