/** Small formatting helpers shared by the room components. */

export function formatDuration(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return null;
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1_000)} s`;
}

// One formatter each, made on first use: toLocaleTimeString with options builds a new one per
// call, which was a tenth of the main thread while scrolling a long room.
let timeFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;

export function formatTime(iso: string): string {
  timeFormat ??= new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });
  return timeFormat.format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  dateTimeFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
  return dateTimeFormat.format(new Date(iso));
}

/** JSON for people: strings as they are, everything else indented. */
export function pretty(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** One line saying what a call's arguments are about (the path, the command, …). */
export function argsSummary(args: unknown, max = 90): string {
  if (args === null || args === undefined) return "";
  if (typeof args !== "object") return clip(String(args), max);
  const entries = Object.entries(args as Record<string, unknown>);
  if (entries.length === 0) return "";
  const preferred = ["command", "path", "pattern", "question", "goal", "title", "message"];
  const pick = entries.find(([k, v]) => preferred.includes(k) && typeof v === "string") ?? entries.find(([, v]) => typeof v === "string");
  if (pick) return clip(`${pick[0]}: ${String(pick[1])}`, max);
  const list = entries.find(([, v]) => Array.isArray(v));
  if (list) return `${list[0]}: ${(list[1] as unknown[]).length} ${(list[1] as unknown[]).length === 1 ? "item" : "items"}`;
  return clip(JSON.stringify(args), max);
}

function clip(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Reads a string field of a JSON object, if there is one. */
export function field(value: unknown, key: string): string | null {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const v = (value as Record<string, unknown>)[key];
    return typeof v === "string" ? v : null;
  }
  return null;
}
