import { Fragment, type ReactNode } from "react";
import { cx } from "@/components/ui/cx";

/** Splits text into prose and ``` fenced code blocks. */
function blocks(text: string): { code: boolean; lang: string; body: string }[] {
  const out: { code: boolean; lang: string; body: string }[] = [];
  const fence = /```([\w+-]*)\n?([\s\S]*?)(?:```|$)/g;
  let at = 0;
  for (const match of text.matchAll(fence)) {
    if (match.index > at) out.push({ code: false, lang: "", body: text.slice(at, match.index) });
    out.push({ code: true, lang: match[1] ?? "", body: (match[2] ?? "").replace(/\n$/, "") });
    at = match.index + match[0].length;
  }
  if (at < text.length) out.push({ code: false, lang: "", body: text.slice(at) });
  return out.filter((b) => b.code || b.body.trim() !== "");
}

/** `inline code` inside prose. */
function Inline({ text }: Readonly<{ text: string }>) {
  const parts = text.split(/(`[^`\n]+`)/g);
  return (
    <>
      {parts.map((part, i) =>
        part.startsWith("`") && part.endsWith("`") && part.length > 2 ? (
          <code key={i} className="rounded bg-zinc-100 px-1 py-px font-mono text-[0.85em] dark:bg-zinc-800">
            {part.slice(1, -1)}
          </code>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** Message text: pre-wrapped prose with inline code, and fenced code blocks in monospace. `trailing` follows the last word (a streaming caret). */
export function MessageText({ text, className, trailing }: Readonly<{ text: string; className?: string; trailing?: ReactNode }>) {
  const parts = blocks(text);
  return (
    <div className={cx("space-y-2 text-sm leading-relaxed", className)}>
      {parts.map((block, i) =>
        block.code ? (
          <pre
            key={i}
            className="overflow-x-auto rounded-md border border-zinc-200 bg-zinc-50 p-3 font-mono text-xs leading-relaxed text-zinc-800 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-200"
          >
            {block.lang ? <span className="sr-only">{`${block.lang} code: `}</span> : null}
            <code>{block.body}</code>
          </pre>
        ) : (
          <p key={i} className="break-words whitespace-pre-wrap">
            <Inline text={block.body.replace(/^\n+|\n+$/g, "")} />
            {i === parts.length - 1 ? trailing : null}
          </p>
        ),
      )}
      {trailing && (parts.length === 0 || parts[parts.length - 1]!.code) ? <p>{trailing}</p> : null}
    </div>
  );
}
