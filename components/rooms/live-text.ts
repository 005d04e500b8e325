/**
 * Assistant text that arrived over the live stream and is not (yet) in the
 * room snapshot: the streaming text of the current turn, and finished turns
 * ("message" events) anchored before the tool call that followed them, so a
 * run reads in order. A finished turn is hidden as soon as the snapshot holds
 * a stored assistant message with the same text.
 */
export interface LiveTurn {
  text: string;
  /** the first tool call recorded after this text, if any yet */
  beforeCallId: string | null;
}

export interface LiveRunText {
  turns: LiveTurn[];
  /** text of the turn being streamed right now */
  streaming: string;
}

export type LiveTexts = Readonly<Record<string, LiveRunText>>;

export type LiveAction =
  | { type: "delta"; runId: string; delta: string }
  | { type: "message"; runId: string; text: string }
  | { type: "call"; runId: string; callId: string }
  | { type: "finished"; runId: string };

const EMPTY: LiveRunText = { turns: [], streaming: "" };

export function liveTextReducer(state: LiveTexts, action: LiveAction): LiveTexts {
  const run = state[action.runId] ?? EMPTY;
  switch (action.type) {
    case "delta":
      return { ...state, [action.runId]: { ...run, streaming: run.streaming + action.delta } };
    case "message": {
      if (run.turns.some((t) => t.text === action.text && t.beforeCallId === null)) return state;
      // Deltas of the next turn may already have arrived; keep what follows this turn's text.
      const rest = run.streaming.startsWith(action.text) ? run.streaming.slice(action.text.length) : "";
      return { ...state, [action.runId]: { turns: [...run.turns, { text: action.text, beforeCallId: null }], streaming: rest } };
    }
    case "call":
      if (!run.turns.some((t) => t.beforeCallId === null)) return state;
      return { ...state, [action.runId]: { ...run, turns: run.turns.map((t) => (t.beforeCallId === null ? { ...t, beforeCallId: action.callId } : t)) } };
    case "finished":
      return run.streaming ? { ...state, [action.runId]: { ...run, streaming: "" } } : state;
  }
}
