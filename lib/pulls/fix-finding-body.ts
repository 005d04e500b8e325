/** POST …/findings/:id/fix: "Fix with an agent", optionally naming the agent (default: the first that is not the built-in reviewer). */
import { z } from "zod";

export const fixFindingBody = z.strictObject({ agentId: z.string().trim().min(1).max(64).optional() });
export type FixFindingBody = z.infer<typeof fixFindingBody>;
