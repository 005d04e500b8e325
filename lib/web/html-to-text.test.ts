import { describe, expect, it } from "vitest";
import { htmlToText } from "./html-to-text";

describe("htmlToText", () => {
  it("M7: keeps what a reader reads and drops what a browser would run", () => {
    const page = htmlToText(`<!doctype html><html><head><title>Release &amp; notes</title><style>p{color:red}</style></head>
      <body><script>steal()</script><h1>Version 2</h1><p>Faster &lt;builds&gt;&nbsp;now.</p>
      <ul><li>one</li><li>two</li></ul><a href="https://example.com/docs">Docs</a><!-- hidden --><noscript>enable js</noscript></body></html>`);
    expect(page.title).toBe("Release & notes");
    expect(page.text).toContain("Version 2");
    expect(page.text).toContain("Faster <builds> now.");
    expect(page.text).toContain("- one\n- two");
    expect(page.text).toContain("Docs (https://example.com/docs)");
    expect(page.text).not.toMatch(/steal|color:red|hidden|enable js/);
  });

  it("M7: an unterminated script drops the rest rather than leaking code", () => {
    expect(htmlToText("<p>before</p><script>var x = 1;").text).toBe("before");
  });
});
