"use client";
/**
 * X4: an agent asked to switch the room's mode. A narrowing switch shows a
 * confirmation bar above the composer with the seconds left to cancel it;
 * "Cancel switch" refuses it (the agent is told), "Switch now" applies it at
 * once. A widening switch (G6) has no countdown: it waits for a person here.
 */
import { useEffect, useState } from "react";
import { ApprovalActions } from "@/components/inbox/approval-actions";
import type { RoomApproval } from "./room-types";

function secondsLeft(cancelBy: string): number {
  return Math.max(0, Math.ceil((Date.parse(cancelBy) - Date.now()) / 1000));
}

export function ModeSwitchBar({ approvals, slug, canWrite }: Readonly<{ approvals: RoomApproval[]; slug: string; canWrite: boolean }>) {
  const switches = approvals.filter((a) => a.kind === "mode_change");
  if (switches.length === 0) return null;
  return (
    <div className="mb-2 space-y-2">
      {switches.map((a) => (a.cancelBy ? <CancelWindow key={a.id} approval={a} cancelBy={a.cancelBy} slug={slug} canWrite={canWrite} /> : <DurableSwitch key={a.id} approval={a} slug={slug} canWrite={canWrite} />))}
    </div>
  );
}

function CancelWindow({ approval, cancelBy, slug, canWrite }: Readonly<{ approval: RoomApproval; cancelBy: string; slug: string; canWrite: boolean }>) {
  const [left, setLeft] = useState(() => secondsLeft(cancelBy));
  useEffect(() => {
    const timer = setInterval(() => setLeft(secondsLeft(cancelBy)), 250);
    return () => clearInterval(timer);
  }, [cancelBy]);
  return (
    <div role="alert" data-testid="mode-switch-bar" data-target={approval.targetMode ?? ""} className="rounded-lg border border-indigo-300 bg-indigo-50 px-3 py-2 text-sm dark:border-indigo-800 dark:bg-indigo-950/50">
      <p className="font-medium text-indigo-950 dark:text-indigo-100">
        The agent is switching this room: {approval.summary}.{" "}
        <span data-testid="mode-switch-countdown" className="font-normal">
          {left > 0 ? `Applies in ${left} s unless someone cancels.` : "Applying…"}
        </span>
      </p>
      {canWrite ? <ApprovalActions slug={slug} approvalId={approval.id} subject={approval.summary} approveLabel="Switch now" denyLabel="Cancel switch" /> : null}
    </div>
  );
}

/** G6: an agent's widening change_mode; G8: a policy edit that widens this room's mode (no run asked for it). */
function DurableSwitch({ approval, slug, canWrite }: Readonly<{ approval: RoomApproval; slug: string; canWrite: boolean }>) {
  return (
    <div role="alert" data-testid="mode-switch-request" data-source={approval.runId ? "agent" : "policy"} className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm dark:border-amber-800 dark:bg-amber-950/40">
      <p className="font-medium text-amber-950 dark:text-amber-100">
        {approval.runId
          ? `The agent asks for more: ${approval.summary}. Switching widens what it may do, so it waits for a person (G6).`
          : `The workspace's modes changed. ${approval.summary} (G8)`}
      </p>
      {canWrite ? <ApprovalActions slug={slug} approvalId={approval.id} subject={approval.summary} approveLabel="Allow the switch" denyLabel="Stay in this mode" withComment /> : null}
    </div>
  );
}
