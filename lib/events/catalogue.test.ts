/**
 * The event catalogue is the one declaration of every room/workspace event:
 * each kind survives the trip through JSON as the stream carries it, and an
 * event of no kind, or a kind with the wrong fields, is refused.
 */
import { describe, expect, it } from "vitest";
import { parseStreamEvent, REVIEW_EVENT_TYPES, ROOM_EVENT_TYPES, roomEvent, type RoomEventType } from "./catalogue";
import { SAMPLE_EVENTS } from "./catalogue-samples.test-support";

const kinds = Object.keys(SAMPLE_EVENTS) as RoomEventType[];

describe("event catalogue", () => {
  it("lists every kind once, and the client listens to exactly those", () => {
    expect([...ROOM_EVENT_TYPES].sort()).toEqual([...kinds].sort());
    expect(new Set(ROOM_EVENT_TYPES).size).toBe(ROOM_EVENT_TYPES.length);
    expect(REVIEW_EVENT_TYPES.every((type) => ROOM_EVENT_TYPES.includes(type))).toBe(true);
    expect(REVIEW_EVENT_TYPES).toContain("finding.created");
  });

  it.each(kinds)("%s round-trips as a streamed event", (type) => {
    const sent = { id: "42", roomId: "room1", runId: null, createdAt: "2026-12-01T00:00:00.000Z", type, data: SAMPLE_EVENTS[type] };
    expect(parseStreamEvent(JSON.parse(JSON.stringify(sent)))).toEqual(JSON.parse(JSON.stringify(sent)));
  });

  it("refuses an event of a kind it does not declare", () => {
    expect(roomEvent.safeParse({ type: "room.renamed", data: { name: "x" } }).success).toBe(false);
    expect(parseStreamEvent({ id: "1", roomId: null, runId: null, type: "room.renamed", data: {} })).toBeNull();
  });

  it("refuses a declared kind whose fields do not match", () => {
    expect(roomEvent.safeParse({ type: "run.queued", data: {} }).success).toBe(false);
    expect(roomEvent.safeParse({ type: "plan.submitted", data: { planId: "p1", version: "2", goal: "g", steps: 1 } }).success).toBe(false);
    expect(parseStreamEvent({ roomId: null, runId: null, type: "tool.call", data: { callId: "c1" } })).toBeNull();
  });
});
