/**
 * A run's checkpoint as stored in `Run.state` (A5: a run resumes in any process
 * from it). The stored JSON is parsed on every read and carries a version, so
 * a checkpoint written by an older build either migrates to the current shape
 * or fails its run with a reason: it is never resumed as something it is not.
 */
import { modelMessageSchema, type ModelMessage } from "ai";
import { z } from "zod";
import { MODES } from "../modes/types";
import type { RunCheckpoint } from "./types";

/** Bump with every change to the checkpoint's shape, and teach `readCheckpoint` the previous one. */
export const CHECKPOINT_VERSION = 2;

const pendingCall = z.object({ toolCallId: z.string(), toolName: z.string(), input: z.unknown(), invalidReason: z.string().optional() });
const callResult = z.object({ toolCallId: z.string(), toolName: z.string(), output: z.unknown(), isError: z.boolean().optional() });

const fields = {
  messages: z.array(modelMessageSchema),
  step: z.number().int().min(0),
  nudged: z.boolean(),
  delivered: z.boolean(),
  pending: z.object({ mode: z.enum(MODES), calls: z.array(pendingCall), results: z.array(callResult) }).nullable(),
  lastText: z.string(),
};

const currentCheckpoint = z.object({ version: z.literal(CHECKPOINT_VERSION), ...fields });
/** Version 1 was stored without a `version` field; its fields are the current ones. */
const checkpointV1 = z.object(fields);

export type CheckpointRead = { ok: true; checkpoint: RunCheckpoint } | { ok: false; reason: string };

/** Parses `Run.state`; null when the run has none. */
export function readCheckpoint(stored: unknown): CheckpointRead | null {
  if (stored === null || stored === undefined) return null;
  const version = typeof stored === "object" && "version" in stored ? (stored as { version: unknown }).version : undefined;
  if (version === undefined) {
    const v1 = checkpointV1.safeParse(stored);
    if (v1.success) return { ok: true, checkpoint: toCheckpoint({ ...v1.data, version: CHECKPOINT_VERSION }) };
    return { ok: false, reason: unreadable("an unversioned checkpoint", v1.error) };
  }
  if (version !== CHECKPOINT_VERSION) {
    return { ok: false, reason: `The run's saved state is of checkpoint version ${JSON.stringify(version)}, which this server (version ${CHECKPOINT_VERSION}) cannot resume; start the run again.` };
  }
  const current = currentCheckpoint.safeParse(stored);
  return current.success ? { ok: true, checkpoint: toCheckpoint(current.data) } : { ok: false, reason: unreadable(`a version ${CHECKPOINT_VERSION} checkpoint`, current.error) };
}

function toCheckpoint(parsed: z.output<typeof currentCheckpoint>): RunCheckpoint {
  return {
    ...parsed,
    pending: parsed.pending && {
      mode: parsed.pending.mode,
      calls: parsed.pending.calls.map((call) => ({ ...call, input: call.input })),
      results: parsed.pending.results.map((result) => ({ ...result, output: result.output })),
    },
  };
}

function unreadable(what: string, error: z.ZodError): string {
  const issue = error.issues[0];
  return `The run's saved state is not ${what} (${issue ? `${issue.path.join(".") || "state"}: ${issue.message}` : "unreadable"}); it cannot be resumed safely, start the run again.`;
}

/** The checkpoint a new run starts from: the conversation so far, ending with the person's message. */
export function newCheckpoint(messages: ModelMessage[]): RunCheckpoint {
  return { version: CHECKPOINT_VERSION, messages, step: 0, nudged: false, delivered: false, pending: null, lastText: "" };
}
