/**
 * A run's checkpoint as stored in `Run.state` (A5: a run resumes in any process
 * from it). The zod schema below is the checkpoint's one declaration: its type
 * is the schema's output, so no field can be declared and then dropped on
 * read. Every store saves through `storedCheckpoint` and reads through
 * `readCheckpoint` — the in-memory one too — so what a run sees after a wait is
 * exactly what survives PostgreSQL. The stored JSON carries a version: a
 * checkpoint written by an older build migrates to the current shape or fails
 * its run with a reason; it is never resumed as something it is not.
 */
import { modelMessageSchema, type ModelMessage } from "ai";
import { z } from "zod";
import { MODES } from "../../modes/types";

/** Bump with every change to the checkpoint's shape, and teach `readCheckpoint` the previous one. */
export const CHECKPOINT_VERSION = 3;

const pendingCall = z.object({
  toolCallId: z.string(),
  /** the surface tool the call names (for a Claude Code call waiting for a person: its Gatehouse counterpart) */
  toolName: z.string(),
  input: z.unknown(),
  invalidReason: z.string().optional(),
});

const callResult = z.object({ toolCallId: z.string(), toolName: z.string(), output: z.unknown(), isError: z.boolean().optional() });

const pendingStep = z.object({
  mode: z.enum(MODES),
  /** X1: the (possibly declared) mode id the calls were made in */
  modeId: z.string().optional(),
  /** G7: the capability the calls were gated under */
  fingerprint: z.string().optional(),
  calls: z.array(pendingCall),
  results: z.array(callResult),
});

const fields = {
  messages: z.array(modelMessageSchema),
  /** model calls made (each relayed request of a Claude Code session counts as one) */
  step: z.number().int().min(0),
  /** P4: the completion nudge was injected */
  nudged: z.boolean(),
  /** the mode's output verb succeeded at least once */
  delivered: z.boolean(),
  /** calls of the step in progress, and results gathered so far */
  pending: pendingStep.nullable(),
  /** text the model produced in its last turn (A4 looks for a narrated plan) */
  lastText: z.string(),
  /** X1: epoch ms of the run's first turn, for a mode's timeout */
  startedAt: z.number().optional(),
  /** how many of `messages` are the conversation the run started from; the rest is the run's own work */
  ownFrom: z.number().int().min(0).optional(),
};

const checkpointSchema = z.object({ version: z.literal(CHECKPOINT_VERSION), ...fields });

/** The durable state of a run: enough to resume it in any process (A5). */
export type RunCheckpoint = z.output<typeof checkpointSchema>;
export type PendingStep = z.output<typeof pendingStep>;
export type PendingCall = z.output<typeof pendingCall>;
export type CallResult = z.output<typeof callResult>;

/**
 * Versions 1 (no `version` field) and 2 had the current fields but `startedAt`,
 * `ownFrom` and the pending step's `modeId` and `fingerprint` were optional
 * extras their reader dropped; whatever of them was stored is kept now.
 */
const olderCheckpoint = z.object({ version: z.literal(2).optional(), ...fields });

export type CheckpointRead = { ok: true; checkpoint: RunCheckpoint } | { ok: false; reason: string };

/** Parses `Run.state`; null when the run has none. */
export function readCheckpoint(stored: unknown): CheckpointRead | null {
  if (stored === null || stored === undefined) return null;
  const version = typeof stored === "object" && "version" in stored ? (stored as { version: unknown }).version : undefined;
  if (version === undefined || version === 2) {
    const older = olderCheckpoint.safeParse(stored);
    if (older.success) return { ok: true, checkpoint: { ...older.data, version: CHECKPOINT_VERSION } };
    return { ok: false, reason: unreadable(version === undefined ? "an unversioned checkpoint" : "a version 2 checkpoint", older.error) };
  }
  if (version !== CHECKPOINT_VERSION) {
    return { ok: false, reason: `The run's saved state is of checkpoint version ${JSON.stringify(version)}, which this server (version ${CHECKPOINT_VERSION}) cannot resume; start the run again.` };
  }
  const current = checkpointSchema.safeParse(stored);
  return current.success ? { ok: true, checkpoint: current.data } : { ok: false, reason: unreadable(`a version ${CHECKPOINT_VERSION} checkpoint`, current.error) };
}

/**
 * The JSON a store writes: the checkpoint as the schema reads it back, so a
 * field the schema does not know is never stored (and a malformed checkpoint
 * fails here, in the process that made it, not in the one that resumes it).
 */
export function storedCheckpoint(checkpoint: RunCheckpoint): RunCheckpoint {
  return JSON.parse(storedCheckpointJson(checkpoint)) as RunCheckpoint;
}

/**
 * storedCheckpoint as the JSON text a store sends. A run saves its checkpoint at every
 * step and the transcript only grows, so checking every message at every save cost a
 * run time quadratic in its length (15% of the worker's CPU on a four-turn run). A
 * message is checked once per content: its JSON is compared with the JSON it had when
 * it was checked, so a message changed in place since is checked again.
 */
export function storedCheckpointJson(checkpoint: RunCheckpoint): string {
  const { messages, ...rest } = checkpoint;
  const head = JSON.stringify(checkpointRest.parse(rest));
  const stored = messages.map((message) => {
    const json = JSON.stringify(message);
    const known = checkedMessages.get(message);
    if (known?.input === json) return known.output;
    const output = JSON.stringify(modelMessageSchema.parse(message));
    if (typeof message === "object" && message !== null) checkedMessages.set(message, { input: json, output });
    return output;
  });
  return `${head.slice(0, -1)},"messages":[${stored.join(",")}]}`;
}

const checkpointRest = checkpointSchema.omit({ messages: true });
/** A message object → its JSON when it was checked, and the JSON the schema read back from it. */
const checkedMessages = new WeakMap<object, { input: string; output: string }>();

function unreadable(what: string, error: z.ZodError): string {
  const issue = error.issues[0];
  return `The run's saved state is not ${what} (${issue ? `${issue.path.join(".") || "state"}: ${issue.message}` : "unreadable"}); it cannot be resumed safely, start the run again.`;
}

/** The checkpoint a new run starts from: the conversation so far, ending with the person's message. */
export function newCheckpoint(messages: ModelMessage[]): RunCheckpoint {
  return { version: CHECKPOINT_VERSION, messages, step: 0, nudged: false, delivered: false, pending: null, lastText: "", ownFrom: messages.length };
}
