import "server-only";
/**
 * R7: a head that adds, removes or changes the gates declaration gets a P1
 * finding naming the change, raised by the platform (not the reviewer, which
 * could be told to look away). The base's declaration still gates the review;
 * the finding makes a person look at the change before it becomes the base's.
 * Raising it again at a later head keeps the one finding (same fingerprint).
 */
import type { PrismaClient } from "../db/generated/client";
import { mirrorPath } from "../repos/mirror-paths";
import { addFinding } from "./add-finding";
import { describeAxesChange } from "./read-base-axes";
import { AXES_FILE_NAME } from "./schemas";

/** Finding.author of findings the platform itself raises. */
export const PLATFORM_AUTHOR = "agent:gatehouse";

export async function flagAxesChange(prisma: PrismaClient, pull: { id: string; workspaceId: string; repositoryId: string; baseSha: string; headSha: string; roomId: string }): Promise<string | null> {
  const change = await describeAxesChange(mirrorPath(pull.repositoryId), pull);
  if (!change) return null;
  await addFinding(
    prisma,
    { workspaceId: pull.workspaceId, pullRequestId: pull.id, roomId: pull.roomId, runId: null, author: PLATFORM_AUTHOR, authorUserId: null, seenAtSha: pull.headSha },
    {
      kind: "bug",
      priority: "P1",
      confidence: 1,
      title: `This pull request changes the gates declaration (${AXES_FILE_NAME})`,
      body:
        `The head ${change}. Gates are declared by the base, never by the head under review, so this review runs the ` +
        `base's gates; the change takes effect only once it is merged. A person should check it on purpose.`,
    },
  );
  return change;
}
