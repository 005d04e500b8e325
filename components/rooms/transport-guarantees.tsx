"use client";
/**
 * T1/T4: per transport, whether the room's mode is a boundary or only a
 * convention there, and why. Shown in the capability panel; the room header
 * shows the badge alone.
 */
import type { TransportGuarantee } from "@/lib/modes/transport-guarantee";
import { cx } from "@/components/ui/cx";

export function GuaranteeBadge({ holds, title }: Readonly<{ holds: TransportGuarantee["holds"]; title?: string }>) {
  return (
    <span
      title={title}
      className={cx(
        "rounded px-1.5 py-0.5 text-[11px] font-semibold",
        holds === "boundary"
          ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100"
          : "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
      )}
    >
      {holds}
    </span>
  );
}

export function TransportGuarantees({ transports }: Readonly<{ transports: readonly TransportGuarantee[] }>) {
  return (
    <div>
      <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">Where this mode holds</h3>
      <ul className="space-y-1.5">
        {transports.map((t) => (
          <li key={t.transport} data-testid="transport-guarantee" data-transport={t.transport} data-holds={t.holds} className="text-xs">
            <div className="flex items-center gap-1.5">
              <span className="font-semibold text-zinc-900 dark:text-zinc-100">{t.label}</span>
              <GuaranteeBadge holds={t.holds} />
            </div>
            <p className="text-zinc-500 dark:text-zinc-400">{t.why}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
