"use client";
/**
 * "What can the agent do here?" — the surface a run in this room gets right
 * now (tools by tier, pinned and needs-confirmation markers), the tools the
 * mode removed with the rule and reason, and the capability preamble the
 * model reads. Keyed by mode, autonomy and plan shell, so switching to Plan
 * refetches and the write tools leave the list.
 */
import { RuleRef } from "@/components/ui/rule-ref";
import type { Ref } from "react";
import { TIERS } from "@/lib/modes/types";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { Spinner } from "@/components/ui/spinner";
import { ModeBadge } from "./mode-badge";
import { AUTONOMY } from "./mode-meta";
import { useRoomCapabilities } from "./room-hooks";
import type { RoomInfo } from "./room-types";
import { TierBadge } from "./tier-badge";
import { TransportGuarantees } from "./transport-guarantees";

export function CapabilityPanel({
  slug,
  room,
  onClose,
  headingRef,
  id,
}: Readonly<{ slug: string; room: RoomInfo; onClose: () => void; headingRef: Ref<HTMLHeadingElement>; id: string }>) {
  const caps = useRoomCapabilities(slug, room);
  const data = caps.data;
  const stale = caps.isPlaceholderData || (data ? data.modeId !== room.mode : false);

  return (
    <section
      id={id}
      data-testid="capability-panel"
      data-mode={data?.modeId ?? ""}
      data-stale={stale || undefined}
      aria-labelledby={`${id}-title`}
      aria-busy={caps.isFetching || undefined}
      className="rounded-lg border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <header className="flex items-start justify-between gap-2 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
        <div className="min-w-0">
          <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="text-sm font-semibold focus:outline-none">
            What can the agent do here?
          </h2>
          <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">The surface for the room&apos;s current mode; the next turn gets exactly this.</p>
        </div>
        <div className="flex items-center gap-1">
          {caps.isFetching ? <Spinner label="Updating the capabilities" /> : null}
          <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close the capability panel">
            ✕
          </Button>
        </div>
      </header>

      <div className={cx("space-y-4 px-4 py-3 text-sm transition-opacity", stale && "opacity-60")}>
        {caps.isPending ? (
          <CapabilitySkeleton />
        ) : caps.isError && !data ? (
          <div role="alert" className="space-y-2">
            <p className="text-sm text-red-700 dark:text-red-300">The capabilities could not be loaded. {caps.error.message}</p>
            <Button size="sm" variant="secondary" onClick={() => void caps.refetch()}>
              Try again
            </Button>
          </div>
        ) : data ? (
          <>
            <div className="space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <ModeBadge profile={{ id: data.modeId, base: data.mode, declared: data.declared, label: data.label, icon: data.icon, accent: data.accent }} />
                <span className="text-xs text-zinc-600 dark:text-zinc-400">
                  Worktree <strong className="font-semibold">{data.posture}</strong> · autonomy {AUTONOMY[room.autonomy].label}
                </span>
              </div>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">{data.description}</p>
              <p className="text-xs text-zinc-600 dark:text-zinc-400" title={`Covers: ${data.fingerprintCovers.join(", ")}`}>
                Capability fingerprint{" "}
                <code data-testid="capability-fingerprint" data-fingerprint={data.fingerprint} className="font-mono">
                  {data.fingerprint.slice(0, 12)}
                </code>{" "}
                <span className="text-zinc-500 dark:text-zinc-400">(covers {data.fingerprintCovers.join(", ")}; G7)</span>
              </p>
              {data.switchTargets.length > 0 ? (
                <p data-testid="capability-switch-targets" className="text-xs text-zinc-600 dark:text-zinc-400">
                  The agent may ask to switch to: {data.switchTargets.map((t) => t.label).join(", ")}.
                </p>
              ) : null}
              {data.outputVerb ? (
                <p className="text-xs text-zinc-600 dark:text-zinc-400">
                  Delivers by calling <code className="font-mono">{data.outputVerb}</code> (pinned, never denied).
                </p>
              ) : null}
            </div>

            {data.transports ? <TransportGuarantees transports={data.transports} /> : null}

            <div>
              <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
                Tools on the surface <span className="font-normal normal-case">({data.tools.length})</span>
              </h3>
              <div className="space-y-2">
                {TIERS.map((tier) => {
                  const tools = data.tools.filter((t) => t.tier === tier);
                  if (tools.length === 0) return null;
                  return (
                    <div key={tier} data-testid="capability-tier" data-tier={tier}>
                      <div className="mb-1 flex items-center gap-2">
                        <TierBadge tier={tier} />
                        <span className="text-xs text-zinc-500 dark:text-zinc-400">{tools.length}</span>
                      </div>
                      <ul className="space-y-1">
                        {tools.map((tool) => (
                          <li key={tool.name} data-testid="capability-tool" data-tool={tool.name} className="text-xs">
                            <div className="flex flex-wrap items-center gap-1.5">
                              <code className="font-mono font-semibold text-zinc-900 dark:text-zinc-100">{tool.name}</code>
                              {tool.pinned ? (
                                <span className="rounded bg-indigo-100 px-1 text-[10px] font-medium text-indigo-800 dark:bg-indigo-900 dark:text-indigo-200" title="G1/G2: pinned — always on the surface, never behind the dial">
                                  pinned
                                </span>
                              ) : null}
                              {tool.needsApproval ? (
                                <span className="rounded bg-amber-100 px-1 text-[10px] font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100" title="G3: each call waits for a person to confirm it">
                                  needs confirmation
                                </span>
                              ) : null}
                            </div>
                            <p className="line-clamp-1 text-zinc-500 dark:text-zinc-400" title={tool.description}>
                              {tool.description}
                            </p>
                          </li>
                        ))}
                      </ul>
                    </div>
                  );
                })}
              </div>
            </div>

            {data.removed.length > 0 ? (
              <details className="group" open>
                <summary className="cursor-pointer text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
                  Not available here <span className="font-normal normal-case">({data.removed.length})</span>
                </summary>
                <ul className="mt-1.5 space-y-1">
                  {data.removed.map((tool) => (
                    <li key={tool.name} data-testid="capability-removed" data-tool={tool.name} data-layer={tool.layer} className="text-xs">
                      <code className="font-mono font-semibold text-zinc-500 line-through decoration-zinc-400 dark:text-zinc-400">{tool.name}</code>{" "}
                      <span className="rounded bg-zinc-100 px-1 text-[10px] text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">removed by the {tool.layerName}</span>{" "}
                      <RuleRef id={tool.rule} idOnly />
                      <p className="text-zinc-500 dark:text-zinc-400">{tool.reason}</p>
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}

            <details open>
              <summary className="cursor-pointer text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
                Capability preamble (what the model reads)
              </summary>
              <pre
                data-testid="capability-prompt"
                className="mt-1.5 max-h-80 overflow-auto rounded-md border border-zinc-200 bg-zinc-50 p-3 font-mono text-[11px] leading-relaxed whitespace-pre-wrap text-zinc-800 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-200"
              >
                {data.prompt}
              </pre>
            </details>
          </>
        ) : null}
      </div>
    </section>
  );
}

function CapabilitySkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse space-y-2 motion-reduce:animate-none">
      {[70, 90, 60, 80, 50].map((w) => (
        <div key={w} className="h-3 rounded bg-zinc-200 dark:bg-zinc-800" style={{ width: `${w}%` }} />
      ))}
    </div>
  );
}
