import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ensureLanguage } from "./code-highlighter";
import { Markdown } from "./markdown";

const html = (text: string, citations = false) => renderToStaticMarkup(createElement(Markdown, { text, citations }));

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
    expect(out).not.toMatch(/<script|<img|<a href="javascript|<[^>]*\sonerror=|href="data:/i);
    expect(out).toContain('data-inert-link=""');
    // What was typed is shown as text, escaped.
    expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("H5: a line starting with <script> keeps its words, shown as text, and the next paragraph still renders", () => {
    const out = html("<script>steal()</script> then the words that follow\nand the next line\n\n**after**");
    expect(out).not.toMatch(/<script/i);
    expect(out).toContain("then the words that follow");
    expect(out).toContain("and the next line");
    expect(out).toContain("<strong>after</strong>");
    const block = html("<div>\nsome words inside\n</div>");
    expect(block).toContain("some words inside");
    expect(block).not.toMatch(/<div>\s*some/);
  });

  it("a task list's checkboxes say whether the item is done", () => {
    const out = html("- [x] write tests\n- [ ] ship");
    expect(out).toMatch(/<input[^>]*type="checkbox"[^>]*aria-label="Done"/);
    expect(out).toMatch(/<input[^>]*aria-label="Not done"/);
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

  it("a block in a language whose grammar loads on first use shows its code at once and turns highlighted when the grammar arrives", async () => {
    const first = html("```go\nfunc main() {}\n```");
    expect(first).toContain("func main() {}");
    await expect.poll(() => ensureLanguage("golang"), { timeout: 30_000 }).toBe(true);
    expect(html("```golang\nfunc main() {}\n```")).toMatch(/<span class="hljs-keyword">func<\/span>/);
    // A language nobody registered stays readable as plain text.
    expect(html("```klingon\nqapla'\n```")).toContain("qapla&#x27;");
  });

  it("M5: in agent text a rule citation in prose reads as words with the id as a link to the rule", () => {
    const out = html("write_file is removed [M5]; `arr[M5]` stays code", true);
    expect(out).toContain("the worktree is read-only in this mode");
    expect(out).toMatch(/<a href="\/rules#M5"[^>]*>M5<\/a>/);
    expect(out).toContain("arr[M5]");
  });

  it("M5: a person's [M5] is shown as they wrote it, not rewritten into words", () => {
    const out = html("see [M5] in the spec");
    expect(out).toContain("see [M5] in the spec");
    expect(out).not.toContain("the worktree is read-only in this mode");
  });

  it("inline: one line of Markdown inside a sentence renders its code and emphasis without a paragraph", () => {
    const out = renderToStaticMarkup(createElement(Markdown, { text: "P3 'Leftover `console.log`' → ship", inline: true }));
    expect(out).toMatch(/^<span data-markdown=""/);
    expect(out).not.toContain("<p>");
    expect(out).toContain("<code");
    expect(out).toContain("console.log</code>");
  });

  it("one line of plain prose renders as the parser renders it (it skips the parser), and anything Markdown acts on still goes through it", () => {
    // A trailing line break sends the same text through the parser, which drops it.
    const plain = [
      "Question 12: how is the discount for order 12 computed, and where is it rounded?",
      "Answer 12: the discount is computed in src/pricing/rule-12-1.ts and rounded once at the end.",
      "ok",
      "Déjà vu — it's \"quoted\" (and 50% off); see a/b.ts line 3.",
    ];
    for (const text of plain) {
      expect(html(text)).toBe(html(`${text}\n`));
      expect(html(text, true)).toBe(html(`${text}\n`, true));
      const inline = (t: string) => renderToStaticMarkup(createElement(Markdown, { text: t, inline: true }));
      expect(inline(text)).toBe(inline(`${text}\n`));
    }
    expect(html("1. first")).toContain("<ol>");
    expect(html("- item")).toContain("<ul>");
    expect(html("see www.example.com now")).toContain('href="http://www.example.com"');
    expect(html("see https://example.com now")).toContain('href="https://example.com"');
    expect(html("mail dana@example.com")).toContain('href="mailto:dana@example.com"');
    expect(html("a &amp; b")).toContain("a &amp; b");
    expect(html("refused [M5]", true)).not.toContain("[M5]");
    expect(html("    indented")).toContain("<pre");
  });
});
