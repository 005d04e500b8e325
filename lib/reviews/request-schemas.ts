/** Request bodies and queries of the findings API: filtering, adding, and changing a finding's status. */
import { z } from "zod";
import { FINDING_KINDS, FINDING_STATUSES, PRIORITIES } from "./schemas";

/** POST /findings/:id/status. Dismissing needs a reason (lib/reviews/decide-transition.ts says why). */
export const findingStatusBody = z.strictObject({
  action: z.enum(["resolve", "dismiss", "reopen"]),
  reason: z.string().trim().max(2000).optional(),
  /** R10, dismiss only: this finding (default), or this rule (kind and title) under `path` */
  scope: z.enum(["finding", "rule_in_path"]).optional(),
  /** R10, rule_in_path: a file, or a folder ending in "/"; default the finding's file ("" = the whole repository) */
  path: z.string().trim().max(1024).refine((p) => !p.startsWith("/") && !p.split("/").includes(".."), "must be a repository-relative path").optional(),
  /** R10, dismiss only: the dismissal lapses at this time; raised again after it, the finding reopens */
  expiresAt: z.iso.datetime({ offset: true }).refine((t) => Date.parse(t) > Date.now(), "must be in the future").optional(),
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


/** A person's finding: any JSON object; lib/reviews/read-finding.ts is the real boundary (R4). */
export const addFindingBody = z.record(z.string(), z.unknown());

/** POST …/coverage/accept: R11, a person accepts the current head's coverage gap, saying why. */
export const acceptGapBody = z.strictObject({ reason: z.string().trim().min(3, "say why the unread part may go unreviewed").max(2000) });
export type AcceptGapBody = z.infer<typeof acceptGapBody>;

/** POST …/findings/:id/replies: R10, a reply in a finding's discussion thread (Markdown). */
export const findingReplyBody = z.strictObject({ body: z.string().trim().min(1, "write a reply first").max(10_000, "a reply holds at most 10,000 characters") });
export type FindingReplyBody = z.infer<typeof findingReplyBody>;

/** GET …/axes/log?axis=&head=&source=: R5, the kept output of one axis result. */
export const axisLogQuery = z.strictObject({
  axis: z.string({ error: "name the axis" }).min(1, "name the axis").max(200),
  head: z.string({ error: "name the head commit" }).regex(/^[0-9a-f]{40}$/, "the head is a 40-digit commit id"),
  source: z.enum(["sandbox", "check_run"], { error: "the source is sandbox or check_run" }),
});
export type AxisLogQuery = z.infer<typeof axisLogQuery>;
