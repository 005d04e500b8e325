"use client";

import { useSyncExternalStore, type ComponentProps, type ReactElement, type ReactNode } from "react";
import ReactMarkdown, { defaultUrlTransform, type Components } from "react-markdown";
import remarkBreaks from "remark-breaks";
import remarkGfm from "remark-gfm";
import { grammarsVersion, subscribeToGrammars } from "./code-highlighter";
import { cx } from "./cx";
import { rehypeCodeHighlight } from "./rehype-code-highlight";
import { remarkHtmlAsText } from "./remark-html-as-text";
import { remarkRuleCitations } from "./remark-rule-citations";
import { RuleRef } from "./rule-ref";

/**
 * Markdown written by agents and people, rendered with react-markdown + GFM.
 * Safe by construction: raw HTML is never markup — it shows as the text that
 * was written (`remarkHtmlAsText`), so a `<script>` or an `onerror` attribute
 * in a message is inert, and a line starting with a tag keeps its words; link targets pass
 * react-markdown's URL filter (http, https, mailto and relative only — a
 * `javascript:` link loses its target and is inert); images show as links, so a
 * message cannot make the reader's browser fetch anything. Code blocks with a
 * language are highlighted by highlight.js, one highlighter for the page
 * (./code-highlighter).
 */
const components: Components = {
  a({ href, children }) {
    if (!href) return <span data-inert-link="">{children}</span>;
    const external = /^(https?:|mailto:)/i.test(href);
    return (
      <a
        href={href}
        className="text-sky-700 underline underline-offset-2 hover:text-sky-900 dark:text-sky-400 dark:hover:text-sky-300"
        {...(external ? { target: "_blank", rel: "noopener noreferrer nofollow" } : {})}
      >
        {children}
      </a>
    );
  },
  img({ src, alt }) {
    const target = typeof src === "string" ? src : "";
    return target ? (
      <a href={target} target="_blank" rel="noopener noreferrer nofollow" className="text-sky-700 underline dark:text-sky-400">
        {alt || target}
      </a>
    ) : (
      <span>{alt}</span>
    );
  },
  span({ node, children, ...rest }) {
    const rule = node?.properties?.dataRule;
    if (typeof rule === "string") return <RuleRef id={rule} />;
    return <span {...(rest as ComponentProps<"span">)}>{children}</span>;
  },
  pre({ children }) {
    return (
      <pre className="overflow-x-auto rounded-md border border-zinc-200 bg-zinc-50 p-3 font-mono text-xs leading-relaxed text-zinc-800 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-200">
        {children}
      </pre>
    );
  },
  code({ className, children }) {
    const lang = /language-([\w+-]+)/.exec(className ?? "")?.[1];
    if (className?.includes("hljs") || lang) {
      return (
        <code className={className}>
          {lang ? <span className="sr-only">{`${lang} code: `}</span> : null}
          {children}
        </code>
      );
    }
    return <code className="rounded bg-zinc-100 px-1 py-px font-mono text-[0.85em] dark:bg-zinc-800">{children}</code>;
  },
  input({ type, checked, disabled }) {
    // A GFM task-list item: its checkbox says what it shows (axe: every form control has a name).
    if (type !== "checkbox") return null;
    return <input type="checkbox" checked={Boolean(checked)} disabled={disabled} readOnly aria-label={checked ? "Done" : "Not done"} className="mr-1.5 align-middle" />;
  },
  table({ children }) {
    return (
      <div className="overflow-x-auto">
        <table className="min-w-full border-collapse text-left text-xs">{children}</table>
      </div>
    );
  },
  th({ children, style }) {
    return <th style={style} className="border border-zinc-200 px-2 py-1 font-semibold dark:border-zinc-700">{children}</th>;
  },
  td({ children, style }) {
    return <td style={style} className="border border-zinc-200 px-2 py-1 dark:border-zinc-700">{children}</td>;
  },
};

// remark-breaks: people type single line breaks and expect them kept, as the plain view did.
const remarkPlugins = [remarkGfm, remarkBreaks, remarkHtmlAsText];
// Rule citations read as words only in agent text (README "Text"): what a person typed stays as typed.
const remarkPluginsWithCitations = [...remarkPlugins, remarkRuleCitations];
const rehypePlugins = [rehypeCodeHighlight];

/** Only http(s), mailto and relative targets survive; everything else becomes no link. */
function safeUrl(url: string): string {
  const kept = defaultUrlTransform(url);
  return /^(https?:|mailto:|\/|#|\.|[^:]*$)/i.test(kept) ? kept : "";
}

/**
 * One line of plain prose: no character that CommonMark, GFM (autolinks included) or the plugins
 * above act on, nothing at its start that could open a block, no whitespace at its ends. Its
 * rendering is a paragraph of the text as written, so the parser is skipped — most of what people
 * write, and many of the agent's shorter lines.
 */
const PLAIN = /^[^\s\d\\`*_[\]<>!#~|&=+@-](?:[^\u0000-\u001f\u007f\\`*_[\]<>!#~|&=+@]*[^\s\\`*_[\]<>!#~|&=+@])?$/;
const isPlain = (text: string) => PLAIN.test(text) && !text.includes("://") && !/www\./i.test(text);

function render(text: string, citations: boolean, inline: boolean): ReactElement {
  if (isPlain(text)) return inline ? <>{text}</> : <p>{text}</p>;
  // react-markdown's synchronous Markdown is a plain function of its options (no hooks).
  return ReactMarkdown({
    children: text,
    remarkPlugins: citations ? remarkPluginsWithCitations : remarkPlugins,
    rehypePlugins,
    urlTransform: safeUrl,
    components,
    // `inline`: one line of prose inside a sentence (a verdict's rule): paragraphs dissolve into it.
    ...(inline ? { disallowedElements: ["p"], unwrapDisallowed: true } : {}),
  });
}

/**
 * Parsed texts in the browser, most recently used last: a long room's rows
 * mount again each time the reader scrolls back over them, and parsing (a
 * unified processor built, GFM parsed, highlighted) was most of the main
 * thread's time while scrolling. Keyed by the grammars' version, so text
 * parsed before its grammar arrived is parsed again once. Never on the server,
 * where a cache would outlive the request.
 */
const parsed = new Map<string, ReactElement>();
const PARSED_KEPT = 1500;

function renderedOnce(text: string, citations: boolean, inline: boolean, version: number): ReactElement {
  if (typeof window === "undefined") return render(text, citations, inline);
  const key = `${version}:${citations ? 1 : 0}${inline ? 1 : 0}:${text}`;
  const hit = parsed.get(key);
  if (hit) {
    parsed.delete(key);
    parsed.set(key, hit);
    return hit;
  }
  const element = render(text, citations, inline);
  parsed.set(key, element);
  if (parsed.size > PARSED_KEPT) parsed.delete(parsed.keys().next().value!);
  return element;
}

/**
 * Rendered Markdown; `trailing` follows the text (a streaming caret).
 * `citations`: bracketed rule ids (`[M5]`) read as words with a link — for
 * agent text; a person's words are shown as they wrote them.
 */
export function Markdown({
  text,
  className,
  trailing,
  citations = false,
  inline = false,
}: Readonly<{ text: string; className?: string; trailing?: ReactNode; citations?: boolean; inline?: boolean }>) {
  // Renders again when a lazily loaded grammar arrives, so its blocks turn highlighted.
  const version = useSyncExternalStore(subscribeToGrammars, grammarsVersion, grammarsVersion);
  // Streaming text (the one with a caret) changes with every delta: not worth keeping.
  const rendered = trailing === undefined ? renderedOnce(text, citations, inline, version) : render(text, citations, inline);
  if (inline) return <span data-markdown="" className={cx("markdown break-words", className)}>{rendered}{trailing}</span>;
  return (
    <div data-markdown="" className={cx("markdown space-y-2 text-sm leading-relaxed break-words", className)}>
      {rendered}
      {trailing}
    </div>
  );
}
