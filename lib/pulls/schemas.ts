/** Request bodies and queries of the pull-request API: opening a pull request and reading its diff. */
import { z } from "zod";
import { InvalidRefError, validateRef } from "../repos/git";

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
