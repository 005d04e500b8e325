/**
 * Vocabulary of review findings, axes and verdicts (SPEC R2, R4, R5) as zod
 * schemas. The enums mirror the Prisma enums FindingKind, Priority,
 * FindingStatus, Verdict and AxisStatus one for one, so a parsed value can be
 * written to the database without translation.
 */
import { z } from "zod";

/** R2: what a finding is. */
export const FINDING_KINDS = ["bug", "suggestion", "recommendation", "question", "ticket"] as const;
/** R2: P0 blocks a release, P3 is nice to have. Index = severity rank (0 is worst). */
export const PRIORITIES = ["P0", "P1", "P2", "P3"] as const;
/** R3: open → consensusReady on another person's confirmation; resolved/dismissed end it. */
export const FINDING_STATUSES = ["open", "consensusReady", "resolved", "dismissed"] as const;
/** R5: mildest first, so the index is the strictness rank. */
export const VERDICTS = ["ship", "hold", "block"] as const;
/** R5: what running one axis against one head produced. `missing` is derived, never stored. */
export const AXIS_STATUSES = ["pass", "fail", "could_not_run"] as const;

export const findingKind = z.enum(FINDING_KINDS);
export const priority = z.enum(PRIORITIES);
export const findingStatus = z.enum(FINDING_STATUSES);
export const verdict = z.enum(VERDICTS);
export const axisStatus = z.enum(AXIS_STATUSES);

export type FindingKind = z.infer<typeof findingKind>;
export type Priority = z.infer<typeof priority>;
export type FindingStatus = z.infer<typeof findingStatus>;
export type Verdict = z.infer<typeof verdict>;
export type AxisStatus = z.infer<typeof axisStatus>;

/**
 * A repository-relative path. Absolute paths and `..` segments are refused:
 * an anchor names a file of the reviewed tree, nothing outside it.
 */
const repoPath = z
  .string()
  .min(1)
  .max(1024)
  .refine((p) => !p.startsWith("/") && !p.split("/").includes("..") && !p.includes("\0"), {
    message: "must be a repository-relative path",
  });

/** R2: file plus an inclusive, 1-based line range in the head the finding was made at. */
export const anchor = z
  .object({
    file: repoPath,
    startLine: z.number().int().positive(),
    endLine: z.number().int().positive(),
  })
  .refine((a) => a.endLine >= a.startLine, {
    message: "endLine must be >= startLine",
    path: ["endLine"],
  });
/** R2: where a finding points. Repository-wide notes have none. */
export type Anchor = z.infer<typeof anchor>;

/**
 * R2/R4: one finding as an agent or a person submits it. `confidence` is a
 * self-assessment in [0, 1]; zod 4 numbers already refuse NaN and ±Infinity.
 * `null` is accepted for the optional fields because JSON producers (and
 * models) write `"anchor": null` for "no anchor".
 */
export const findingInput = z.object({
  kind: findingKind,
  priority,
  confidence: z.number().min(0).max(1),
  title: z.string().trim().min(1, "must not be empty").max(300),
  // An empty body is allowed: the title can say it all, and dropping a real P0
  // over a missing paragraph would hide the problem R4 means to protect.
  body: z.string().max(20_000).default(""),
  suggestion: z
    .string()
    .max(20_000)
    .nullish()
    .transform((s) => s ?? undefined),
  anchor: anchor.nullish().transform((a) => a ?? undefined),
});
/** R2: a finding after the read boundary; everything in it is in range. */
export interface FindingInput {
  kind: FindingKind;
  priority: Priority;
  /** self-assessed, 0..1 */
  confidence: number;
  title: string;
  body: string;
  /** a suggested change, as text */
  suggestion?: string;
  /** absent for repository-wide notes */
  anchor?: Anchor;
}

/** The axes declaration file, at the repository root. */
export const AXES_FILE_NAME = "gatehouse.axes.json";
/** Used when an axis declares no timeoutMs. */
export const DEFAULT_AXIS_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * One axis (tests, types, lint, security, …). Strict, so a typo such as
 * `"gate": true` is an error instead of silently producing a non-gated axis.
 */
export const axisDeclaration = z.strictObject({
  name: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, "letters, digits, '.', '_' or '-', at most 64"),
  command: z.string().trim().min(1).max(4096),
  gated: z.boolean(),
  timeoutMs: z
    .number()
    .int()
    .positive()
    .max(6 * 60 * 60 * 1000)
    .optional(),
});
/** R5: one declared axis. */
export type AxisDeclaration = z.infer<typeof axisDeclaration>;

/** `gatehouse.axes.json`: `{ axes: [...] }`, names unique. */
export const axesFile = z
  .strictObject({
    $schema: z.string().optional(),
    axes: z.array(axisDeclaration).max(64),
  })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.axes.forEach((axis, i) => {
      if (seen.has(axis.name)) {
        ctx.addIssue({ code: "custom", message: `duplicate axis name "${axis.name}"`, path: ["axes", i, "name"] });
      }
      seen.add(axis.name);
    });
  });
/** R5: a parsed axes declaration file. */
export type AxesFile = z.infer<typeof axesFile>;

/** R5: strictness rank of a verdict (ship 0 < hold 1 < block 2). */
export function verdictRank(v: Verdict): number {
  return VERDICTS.indexOf(v);
}

/** R5: the stricter of two verdicts; the only way verdicts are ever combined. */
export function stricter(a: Verdict, b: Verdict): Verdict {
  return verdictRank(a) >= verdictRank(b) ? a : b;
}

/**
 * R11: what a review read and what it did not. `unread` lists files (or parts)
 * the reviewer could not read — binary, past the size limit, a piece that
 * failed — each with the reason. A review that is not complete cannot yield
 * ship unless a person accepts the gap.
 */
export const reviewCoverage = z.strictObject({
  complete: z.boolean(),
  unread: z.array(z.strictObject({ path: z.string().min(1).max(1024), reason: z.string().min(1).max(300) })).max(500),
});
export type ReviewCoverage = z.infer<typeof reviewCoverage>;
