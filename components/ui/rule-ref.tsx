import { ruleAnchor, ruleWords, splitRuleCitations } from "@/lib/rules/rule-words";

/**
 * A rule citation as people read it: its wording, then the id as a small link
 * to the rule. `idOnly` where the text beside it already says what the rule does.
 */
export function RuleRef({ id, idOnly = false }: Readonly<{ id: string; idOnly?: boolean }>) {
  const words = idOnly ? null : ruleWords(id);
  return (
    <span data-rule={id} className="whitespace-nowrap">
      {words ? <span className="italic">({words}</span> : idOnly ? null : <span>(</span>}
      <a
        href={ruleAnchor(id)}
        title={`Rule ${id}`}
        className="ml-1 rounded font-mono text-[10px] text-zinc-500 underline decoration-dotted underline-offset-2 hover:text-zinc-800 dark:text-zinc-400 dark:hover:text-zinc-200"
      >
        {id}
      </a>
      {idOnly ? null : ")"}
    </span>
  );
}

/** Plain text whose bracketed rule citations (`… [M5]`) show as wording with a linked id. */
export function RuleText({ text }: Readonly<{ text: string }>) {
  return (
    <>
      {splitRuleCitations(text).map((part, i) => (part.kind === "text" ? <span key={i}>{part.text}</span> : <span key={i}> <RuleRef id={part.id} /></span>))}
    </>
  );
}
