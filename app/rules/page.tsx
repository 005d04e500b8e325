import type { Metadata } from "next";
import Link from "next/link";
import { RULE_WORDS } from "@/lib/rules/rule-words";

export const metadata: Metadata = { title: "Rules · Gatehouse" };

/** Where a rule id shown beside its wording links to: every rule Gatehouse cites, by id. */
export default function RulesPage() {
  return (
    <main className="mx-auto max-w-2xl px-6 py-10">
      <h1 className="text-lg font-semibold">Rules Gatehouse cites</h1>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        When Gatehouse refuses a call or forms a verdict it names the rule behind it. Each id below is the rule as the specification numbers it.
      </p>
      <dl className="mt-6 divide-y divide-zinc-200 dark:divide-zinc-800">
        {Object.entries(RULE_WORDS).map(([id, words]) => (
          <div key={id} id={id} className="flex gap-4 py-2 target:bg-amber-50 dark:target:bg-amber-950/40">
            <dt className="w-12 shrink-0 font-mono text-sm font-semibold">{id}</dt>
            <dd className="text-sm first-letter:uppercase">{words}</dd>
          </div>
        ))}
      </dl>
      <Link href="/w" className="mt-6 inline-block text-sm font-medium text-indigo-700 underline dark:text-indigo-300">
        Back to your workspaces
      </Link>
    </main>
  );
}
