import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "./markdown";

const html = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

describe("Markdown", () => {
  it("renders agent Markdown: bold, headings, lists, tables and links", () => {
    const out = html("# Plan\n\n**bold** and `code`\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[docs](https://example.com/x)");
    expect(out).toContain("<h1>Plan</h1>");
    expect(out).toContain("<strong>bold</strong>");
    expect(out).toMatch(/<li>one<\/li>/);
    expect(out).toContain("<table");
    expect(out).toMatch(/<a href="https:\/\/example.com\/x"[^>]*rel="noopener noreferrer nofollow"/);
  });

  it("H5: raw HTML never becomes markup and a javascript: link is inert", () => {
    const out = html('hi <script>alert(1)</script> <img src=x onerror="alert(2)"> [click](javascript:alert(3)) [d](data:text/html,x) <a href="javascript:alert(4)">raw</a>');
    expect(out).not.toMatch(/<script|<img|onerror|javascript:|data:text/i);
    expect(out).toContain('data-inert-link=""');
  });

  it("images show as links, so a message cannot make the browser fetch anything", () => {
    const out = html("![tracker](https://evil.example/p.png)");
    expect(out).not.toContain("<img");
    expect(out).toContain(">tracker</a>");
  });

  it("highlights a fenced code block with a language and leaves code spans plain", () => {
    const out = html("```ts\nconst x = 1;\n```\n\nuse `const` here");
    expect(out).toContain('class="hljs-keyword"');
    expect(out).toContain("<code class=\"rounded");
  });

  it("M5: a rule citation in prose reads as words with the id as a link to the rule", () => {
    const out = html("write_file is removed [M5]; `arr[M5]` stays code");
    expect(out).toContain("the worktree is read-only in this mode");
    expect(out).toMatch(/<a href="\/rules#M5"[^>]*>M5<\/a>/);
    expect(out).toContain("arr[M5]");
  });
});
