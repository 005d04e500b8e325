"use client";

import type { ComponentProps, ReactNode } from "react";
import ReactMarkdown, { defaultUrlTransform, type Components } from "react-markdown";
import remarkBreaks from "remark-breaks";
import remarkGfm from "remark-gfm";
import rehypeHighlight from "rehype-highlight";
import { cx } from "./cx";
import { remarkRuleCitations } from "./remark-rule-citations";
import { RuleRef } from "./rule-ref";

/**
 * Markdown written by agents and people, rendered with react-markdown + GFM.
 * Safe by construction: raw HTML is dropped (`skipHtml`), so a `<script>` or an
 * `onerror` attribute in a message is never markup; link targets pass
 * react-markdown's URL filter (http, https, mailto and relative only — a
 * `javascript:` link loses its target and is inert); images show as links, so a
 * message cannot make the reader's browser fetch anything. Code blocks with a
 * language are highlighted by highlight.js (through rehype-highlight).
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
const remarkPlugins = [remarkGfm, remarkBreaks, remarkRuleCitations];
const rehypePlugins = [[rehypeHighlight, { detect: false, ignoreMissing: true }]] as NonNullable<ComponentProps<typeof ReactMarkdown>["rehypePlugins"]>;

/** Only http(s), mailto and relative targets survive; everything else becomes no link. */
function safeUrl(url: string): string {
  const kept = defaultUrlTransform(url);
  return /^(https?:|mailto:|\/|#|\.|[^:]*$)/i.test(kept) ? kept : "";
}

/** Rendered Markdown; `trailing` follows the text (a streaming caret). */
export function Markdown({ text, className, trailing }: Readonly<{ text: string; className?: string; trailing?: ReactNode }>) {
  return (
    <div data-markdown="" className={cx("markdown space-y-2 text-sm leading-relaxed break-words", className)}>
      <ReactMarkdown skipHtml remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} urlTransform={safeUrl} components={components}>
        {text}
      </ReactMarkdown>
      {trailing}
    </div>
  );
}
