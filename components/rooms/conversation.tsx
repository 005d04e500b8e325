"use client";
/**
 * The transcript of one conversation, windowed: only the entries on screen
 * plus a margin are in the DOM, whatever the length of the room. Entries come
 * from the history pages (a message on its own, or a run with the message that
 * asked for it, its words and its tool calls); heights are measured as rows
 * render, so streaming text and opened tool calls need no fixed size.
 *
 * Scrolling: the page follows the end while the reader is there; earlier
 * entries load as the reader nears the top, and the first entry that was on
 * the list keeps its place on screen when they arrive above it. A deep link
 * opens with its entry in view and highlighted.
 *
 * The server renders the first page's rows into the HTML, in the flow of the
 * page (nothing is measured there); once hydrated the list is windowed, and
 * those rows' heights are the first measurements.
 *
 * Keyboard: the transcript is a log region; every row is focusable (Tab), and
 * Arrow Up/Down, Home and End move between rows, loading and scrolling as needed.
 */
import { isTerminalRunStatus } from "@/lib/run-status/run-status";
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from "@tanstack/react-virtual";
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { Spinner } from "@/components/ui/spinner";
import type { LiveTexts } from "./live-text";
import { MessageEntry } from "./message-entry";
import type { ModeProfileView } from "./mode-meta";
import type { RoomEntry, RoomMessage, RoomMode } from "./room-types";
import { RunBlock } from "./run-block";

type Row = { key: string; kind: "entry"; entry: RoomEntry } | { key: string; kind: "sending"; message: RoomMessage };

/** What the list can ask for in one direction of the history. */
export interface HistoryEdge {
  /** more entries exist in this direction */
  has: boolean;
  loading: boolean;
  error: boolean;
  load: () => void;
}

/** Earlier entries are fetched while the reader is still this many rows above the top of what is loaded. */
const FETCH_AHEAD_ROWS = 25;

/** Finished runs further up than this many entries from the end start collapsed to their totals and words. */
const OPEN_AT_END = 3;

/** Starters by the built-in a mode is or extends; declared modes share their built-in's. */
const SUGGESTIONS: Record<ModeProfileView["base"], string[]> = {
  chat: ["Tour the repo and tell me what you find", "Find open TODOs and summarize them"],
  plan: ["Plan capping discounts at 50%, with tests", "How are discounts computed today?"],
  orchestrate: ["Split the discount cap into tickets for a small team"],
  review: ["Review this pull request and list the risks"],
};

function estimate(row: Row | undefined, collapsed: boolean): number {
  if (!row) return 80;
  if (row.kind !== "entry") return 72;
  if (row.entry.kind === "message") return 72;
  const { run, trigger, messages } = row.entry;
  return 90 + (trigger ? 80 : 0) + messages.length * 60 + (collapsed ? 0 : run.toolCalls.length * 46);
}

/** Each entry's estimate open and collapsed, kept while its page is: a long room's rows are estimated again on each page. */
const estimated = new WeakMap<RoomEntry, readonly [number, number]>();

const noSubscription = () => () => undefined;
const onClient = () => true;
const onServer = () => false;

function flip(set: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(set);
  if (!next.delete(id)) next.add(id);
  return next;
}

const finished = (entry: RoomEntry) => entry.kind === "run" && isTerminalRunStatus(entry.run.status);

export function Conversation({
  entries,
  live,
  agentName,
  mode,
  slug,
  roomId,
  canWrite,
  onSuggest,
  older,
  newer,
  onJumpToLatest,
  target = null,
  sending = [],
  me = "You",
}: Readonly<{
  /** oldest first */
  entries: RoomEntry[];
  live: LiveTexts;
  agentName: string;
  mode: ModeProfileView;
  slug: string;
  roomId: string;
  canWrite: boolean;
  onSuggest: (text: string) => void;
  older: HistoryEdge;
  newer: HistoryEdge;
  onJumpToLatest: () => void;
  /** a deep link: the entry to open at, and the message, run or tool call to highlight */
  target?: { entryId: string; highlight: string } | null;
  /** messages on their way to the server, shown until the history has them */
  sending?: string[];
  me?: string;
}>) {
  const rows = useMemo<Row[]>(() => {
    // The edges (loading, load more, the beginning) stay outside the list: the virtualizer keeps
    // the entry on screen in place by key, and an edge row that never moves would be that entry.
    const out: Row[] = entries.map((entry) => ({ key: entry.id, kind: "entry", entry }));
    sending.forEach((content, i) => out.push({ key: `sending-${i}`, kind: "sending", message: sendingMessage(i, content, me) }));
    return out;
  }, [entries, sending, me]);

  // Which runs people opened or closed, and which tool calls they opened: kept here, since rows unmount as they scroll away.
  const [toggledRuns, setToggledRuns] = useState<ReadonlySet<string>>(new Set());
  const [openCalls, setOpenCalls] = useState<ReadonlySet<string>>(new Set());
  const collapsedByDefault = useCallback(
    (index: number, entry: RoomEntry) =>
      finished(entry) && index < rows.length - OPEN_AT_END && entry.id !== target?.entryId,
    [rows.length, target?.entryId],
  );
  const isCollapsed = useCallback(
    (index: number, entry: RoomEntry) => collapsedByDefault(index, entry) !== toggledRuns.has(entry.id),
    [collapsedByDefault, toggledRuns],
  );
  // Stable, so a row's content (EntryContent, memoized) renders again only when its own props change.
  const toggleRun = useCallback((id: string) => setToggledRuns((set) => flip(set, id)), []);
  const toggleCall = useCallback((id: string) => setOpenCalls((set) => flip(set, id)), []);

  // False for the server render and the hydration that must match it (every row in flow, none
  // windowed); true at once for a list mounted later in the browser.
  const hydrated = useSyncExternalStore(noSubscription, onClient, onServer);
  const listRef = useRef<HTMLOListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // Where the list starts on the page: read before the first windowed paint, then whenever the
  // page's size changes (something above it grew, or the older edge changed), after layout. Read
  // after every commit, it forced a layout of its own in each one (a tenth of the long tasks).
  useLayoutEffect(() => {
    const read = () => {
      const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
      setScrollMargin((margin) => (Math.abs(top - margin) > 1 ? top : margin));
    };
    read();
    const observer = new ResizeObserver(read);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [hydrated]);

  const atEnd = useRef(!target);
  // The focused row by key, not index: earlier pages arriving above shift every index.
  const focused = useRef<string | null>(null);
  const indexByKey = useMemo(() => new Map(rows.map((row, i) => [row.key, i])), [rows]);
  const latestIndexByKey = useRef(indexByKey);
  latestIndexByKey.current = indexByKey;
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    // A focused row stays in the DOM while it scrolls away, so keyboard focus is never dropped.
    const f = focused.current === null ? undefined : latestIndexByKey.current.get(focused.current);
    if (f !== undefined && f < range.count && !indexes.includes(f)) return [...indexes, f].sort((a, b) => a - b);
    return indexes;
  }, []);
  // The virtualizer lays out every loaded row from the first one that changed on each measurement
  // (tens of thousands far back in a long room): its key and estimate must be cheap, and getItemKey
  // stable between pages (a new one lays everything out again on every render, i.e. scroll frame).
  const getItemKey = useCallback((i: number) => rows[i]?.key ?? i, [rows]);
  const estimates = useMemo(() => {
    const out = new Array<number>(rows.length);
    rows.forEach((row, i) => {
      if (row.kind !== "entry") return void (out[i] = estimate(row, false));
      let known = estimated.get(row.entry);
      if (!known) estimated.set(row.entry, (known = [estimate(row, false), estimate(row, true)]));
      out[i] = known[isCollapsed(i, row.entry) ? 1 : 0];
    });
    return out;
  }, [rows, isCollapsed]);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (i) => estimates[i] ?? 80,
    getItemKey,
    overscan: 6,
    scrollMargin,
    rangeExtractor,
    // Earlier entries arriving above keep the entry on screen where it was (the virtualizer re-anchors by key).
    anchorTo: "end",
    // Row heights are measured after React commits, not with a synchronous re-render per row
    // (flushSync there was seconds of main thread while scrolling a long room).
    useFlushSync: false,
  });
  const total = virtualizer.getTotalSize();
  // "end" re-anchors while the options are set (above); after that it only keeps the end in view as
  // rows are measured, asking at each measured row whether the list is at its end — the whole
  // list's layout each time (O(rows), seconds far back in a long room). Away from the end that
  // answer is no, and "start" measures the same way without asking.
  const fromEnd = total + virtualizer.options.scrollMargin - (virtualizer.scrollRect?.height ?? 0) - (virtualizer.scrollOffset ?? 0);
  if (hydrated && fromEnd > virtualizer.options.scrollEndThreshold) virtualizer.options.anchorTo = "start";
  const items = hydrated ? virtualizer.getVirtualItems() : rows.map((row, index) => ({ key: row.key, index, start: 0 }));

  // Follow the end while the reader is there (and the list reaches the present).
  useEffect(() => {
    const onScroll = () => {
      atEnd.current = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 200;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  useLayoutEffect(() => {
    // Through the virtualizer, which keeps its own idea of the offset; clamped to the page's end (the composer sits below the list).
    if (atEnd.current && !newer.has) virtualizer.scrollToOffset(Number.MAX_SAFE_INTEGER);
  }, [total, rows.length, live, newer.has, virtualizer]);

  // Near either edge of what is loaded: load on — once the list has taken its first position.
  const [ready, setReady] = useState(false);
  const opened = useRef(false);
  useEffect(() => {
    // A deep link is ready once its entry is in view (below); this is for a link whose entry never shows.
    const delay = window.setTimeout(() => {
      if (!target || !opened.current) setReady(true);
    }, target ? 3000 : 50);
    return () => window.clearTimeout(delay);
  }, [target]);

  // A deep link: bring its entry into view once, then let the reader be. No page loads until it
  // has settled there: a scroll to an index still in flight when earlier entries arrive above
  // would land on whatever entry then has that index.
  useEffect(() => {
    if (opened.current || !target || scrollMargin === 0) return;
    const index = indexByKey.get(target.entryId);
    if (index === undefined) return;
    opened.current = true;
    virtualizer.scrollToIndex(index, { align: "center" });
    // Once the rows around it are measured: centre it again and give it focus (keyboard and screen-reader users start there).
    // Not cleared when the rows change meanwhile: it reads the rows of that moment.
    window.setTimeout(() => {
      const now = latestIndexByKey.current.get(target.entryId);
      if (now === undefined) return setReady(true);
      virtualizer.scrollToIndex(now, { align: "center" });
      focused.current = target.entryId;
      settleThen(target.entryId, () => {
        document.querySelector<HTMLElement>(rowSelector(target.entryId))?.focus({ preventScroll: true });
        setReady(true);
      });
    }, 150);
  }, [indexByKey, target, scrollMargin, virtualizer]);
  const firstShown = items[0]?.index;
  const lastShown = items[items.length - 1]?.index;
  useEffect(() => {
    // Ahead of the reader: the next earlier page is asked for before the top of what is loaded shows.
    if (ready && firstShown !== undefined && firstShown <= FETCH_AHEAD_ROWS && older.has && !older.loading && !older.error) older.load();
  }, [ready, firstShown, older]);
  useEffect(() => {
    if (ready && lastShown !== undefined && lastShown >= rows.length - 1 && newer.has && !newer.loading && !newer.error) newer.load();
  }, [ready, lastShown, rows.length, newer]);

  const focusRow = (index: number) => {
    const to = Math.max(0, Math.min(rows.length - 1, index));
    focused.current = rows[to]?.key ?? null;
    virtualizer.scrollToIndex(to, { align: "auto" });
    requestAnimationFrame(() => requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-row-index="${to}"]`)?.focus({ preventScroll: true })));
  };
  const onRowKey = (event: KeyboardEvent<HTMLLIElement>, index: number) => {
    if (event.target !== event.currentTarget) return;
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: rows.length - 1 };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    focusRow(to);
  };

  if (entries.length === 0 && sending.length === 0 && !older.has && !newer.has) {
    return (
      <div data-testid="conversation-empty" className="rounded-lg border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
        <p className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">No messages yet</p>
        <p className="mx-auto mt-1 max-w-md text-sm text-zinc-600 dark:text-zinc-400">
          {canWrite
            ? `Say what you want done. In ${mode.label} mode ${agentName} ${mode.posture === "read-write" ? "can read, edit and run commands in the worktree" : "works read-only"}.`
            : "Nobody has written here yet. Members can start the conversation."}
        </p>
        {canWrite ? (
          <div className="mt-4 flex flex-wrap justify-center gap-2">
            {SUGGESTIONS[mode.base].map((text) => (
              <Button key={text} variant="secondary" size="sm" onClick={() => onSuggest(text)}>
                {text}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <div role="log" aria-label="Conversation" aria-busy={older.loading || newer.loading || undefined} data-testid="conversation">
      <EdgeRow edge={older} direction="older" />
      <ol ref={listRef} className="relative" style={hydrated ? { height: total } : undefined}>
        {items.map((item) => {
          const row = rows[item.index]!;
          const highlighted = row.kind === "entry" && target?.entryId === row.key;
          return (
            <li
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              data-row-index={item.index}
              data-row-key={row.key}
              data-highlighted={highlighted || undefined}
              tabIndex={0}
              onFocus={(event) => {
                if (event.target === event.currentTarget) focused.current = row.key;
              }}
              onBlur={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget as Node | null) && focused.current === row.key) focused.current = null;
              }}
              onKeyDown={(event) => onRowKey(event, item.index)}
              className={cx(hydrated && "absolute top-0 left-0", "w-full list-none pb-6 outline-none focus-visible:rounded-md focus-visible:ring-2 focus-visible:ring-indigo-500")}
              style={hydrated ? { transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` } : undefined}
            >
              {row.kind === "sending" ? (
                <MessageEntry message={row.message} agentName={agentName} />
              ) : (
                <EntryContent
                  entry={row.entry}
                  live={row.entry.kind === "run" ? live : undefined}
                  agentName={agentName}
                  slug={slug}
                  roomId={roomId}
                  canWrite={canWrite}
                  highlight={target && target.entryId === row.key ? target.highlight : null}
                  collapsed={isCollapsed(item.index, row.entry)}
                  onToggleRun={toggleRun}
                  openCalls={openCalls}
                  onToggleCall={toggleCall}
                />
              )}
            </li>
          );
        })}
      </ol>
      {newer.has || newer.loading || newer.error ? <EdgeRow edge={newer} direction="newer" onJumpToLatest={onJumpToLatest} /> : null}
    </div>
  );
}

/**
 * One entry's content, memoized: the list renders again on every scroll frame
 * (the virtualizer's range and positions) and on every history page, and each
 * render of a row used to parse its Markdown again. Props are the entry itself
 * (kept by the history pages), primitives and stable callbacks; `live` only for
 * runs, whose text streams.
 */
const EntryContent = memo(function EntryContent({
  entry,
  live,
  agentName,
  slug,
  roomId,
  canWrite,
  highlight,
  collapsed,
  onToggleRun,
  openCalls,
  onToggleCall,
}: Readonly<{
  entry: RoomEntry;
  live: LiveTexts | undefined;
  agentName: string;
  slug: string;
  roomId: string;
  canWrite: boolean;
  highlight: string | null;
  collapsed: boolean;
  onToggleRun: (entryId: string) => void;
  openCalls: ReadonlySet<string>;
  onToggleCall: (toolCallId: string) => void;
}>) {
  if (entry.kind === "message") return <MessageEntry message={entry.message} agentName={agentName} highlighted={highlight !== null} />;
  return (
    <RunBlock
      run={entry.run}
      trigger={entry.trigger}
      messages={entry.messages}
      live={live?.[entry.run.id]}
      liveAll={live}
      agentName={agentName}
      slug={slug}
      roomId={roomId}
      canWrite={canWrite}
      highlight={highlight}
      collapsed={collapsed}
      onToggleCollapsed={() => onToggleRun(entry.id)}
      openCalls={openCalls}
      onToggleCall={onToggleCall}
    />
  );
});

/** The top or bottom edge of what is loaded: loading, a retry, a button, or the beginning. */
function EdgeRow({ edge, direction, onJumpToLatest }: Readonly<{ edge: HistoryEdge; direction: "older" | "newer"; onJumpToLatest?: () => void }>) {
  const words = direction === "older" ? "earlier" : "newer";
  if (edge.loading) {
    return (
      <p role="status" data-testid={`history-${direction}-loading`} className="flex items-center justify-center gap-2 pb-6 text-xs text-zinc-500 dark:text-zinc-400">
        <Spinner /> Loading {words} messages…
      </p>
    );
  }
  if (edge.error) {
    return (
      <p role="alert" className="flex items-center justify-center gap-2 pb-6 text-xs text-red-700 dark:text-red-300">
        The {words} messages could not be loaded.
        <Button size="sm" variant="secondary" onClick={edge.load}>
          Retry
        </Button>
      </p>
    );
  }
  if (edge.has) {
    return (
      <div className="flex items-center justify-center gap-2 pb-6">
        <Button size="sm" variant="secondary" onClick={edge.load} data-testid={`history-load-${direction}`}>
          Load {words} messages
        </Button>
        {onJumpToLatest ? (
          <Button size="sm" variant="secondary" onClick={onJumpToLatest} data-testid="history-jump-latest">
            Jump to the latest
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <p data-testid="history-start" className="pb-6 text-center text-xs text-zinc-500 dark:text-zinc-400">
      The beginning of this conversation
    </p>
  );
}

const rowSelector = (key: string) => `[data-row-key="${CSS.escape(key)}"]`;

/** Frames a scroll may take to come to rest on a row before the list goes on without waiting (~2 s). */
const SETTLE_FRAMES = 120;

/**
 * Calls `then` once the row is on screen and has stayed at the same place for two frames (the
 * virtualizer's scroll to it has come to rest), or after SETTLE_FRAMES frames whatever happened.
 */
function settleThen(key: string, then: () => void): void {
  let last: number | null = null;
  let still = 0;
  let frames = 0;
  const step = () => {
    const top = document.querySelector(rowSelector(key))?.getBoundingClientRect().top;
    const onScreen = top !== undefined && top >= 0 && top < window.innerHeight;
    still = onScreen && last !== null && Math.abs(top - last) < 1 ? still + 1 : 0;
    last = top ?? null;
    if (still >= 2 || ++frames >= SETTLE_FRAMES) then();
    else window.requestAnimationFrame(step);
  };
  window.requestAnimationFrame(step);
}

/** A message being sent: shown at once, marked until the server has it. */
function sendingMessage(index: number, content: string, author: string): RoomMessage {
  return { id: `sending-${index}`, conversationId: "", role: "user", authorName: author, runId: null, content, meta: { kind: "sending" }, createdAt: new Date().toISOString() };
}
