import "server-only";
/**
 * Whose work a job is, and which lane it runs in, read in SQL at enqueue from
 * the record its payload names — so no producer has to say it and none can
 * get it wrong. A job names a run, a repository, a pull request, an
 * orchestration or a ticket (lib/runtime/job-kinds.ts); each of those belongs
 * to one workspace. A job that names none of them (tests' own kinds) has no
 * workspace and is scheduled as one more party of its own.
 *
 * Lanes: "review" is review work — every review.* job (intake, check runs,
 * axes, publishing) and the runs a pull request's review starts — which has
 * capacity of its own in every worker, so a review is never stuck behind long
 * agent runs; everything else is "general".
 */
import { Prisma } from "../db/generated/client";

export const REVIEW_LANE = "review";
export const GENERAL_LANE = "general";
export type JobLane = typeof REVIEW_LANE | typeof GENERAL_LANE;

/** The workspace of the record a job's payload (`p.payload`, jsonb) names. */
export const jobWorkspaceSql = Prisma.sql`COALESCE(
  (SELECT "workspaceId" FROM "Run" WHERE "id" = p.payload->>'runId'),
  (SELECT "workspaceId" FROM "PullRequest" WHERE "id" = p.payload->>'pullRequestId'),
  (SELECT "workspaceId" FROM "Repository" WHERE "id" = p.payload->>'repositoryId'),
  (SELECT r."workspaceId" FROM "Orchestration" o JOIN "Room" r ON r."id" = o."roomId" WHERE o."id" = p.payload->>'orchestrationId'),
  (SELECT r."workspaceId" FROM "Ticket" t JOIN "Room" r ON r."id" = t."roomId" WHERE t."id" = p.payload->>'ticketId'),
  (SELECT r."workspaceId" FROM "Ticket" t JOIN "Orchestration" o ON o."id" = t."orchestrationId" JOIN "Room" r ON r."id" = o."roomId" WHERE t."id" = p.payload->>'ticketId'))`;

/** The lane of a job of kind `p.kind`: review.* jobs and review runs are review work. */
export const jobLaneSql = Prisma.sql`CASE
  WHEN p.kind LIKE 'review.%' THEN ${REVIEW_LANE}
  WHEN p.kind = 'run.advance' AND EXISTS (SELECT 1 FROM "Run" WHERE "id" = p.payload->>'runId' AND "kind" = 'review') THEN ${REVIEW_LANE}
  ELSE ${GENERAL_LANE} END`;
