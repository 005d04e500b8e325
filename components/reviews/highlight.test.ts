import { describe, expect, it } from "vitest";
import { languageFor, START, tokenizeLine } from "./highlight";

const kinds = (line: string, path = "a.ts") => tokenizeLine(line, languageFor(path)).tokens.map((t) => [t.kind, t.text]);

describe("highlight", () => {
  it("picks languages by extension and leaves unknown text plain", () => {
    expect(languageFor("src/invoice.js")?.name).toBe("javascript");
    expect(languageFor("a/b/c.PY")?.name).toBe("python");
    expect(languageFor("README.md")).toBeNull();
    expect(languageFor("Makefile")?.name).toBe("shell");
    expect(tokenizeLine("# Title", languageFor("README.md")).tokens).toEqual([{ kind: "plain", text: "# Title" }]);
  });

  it("tokenizes keywords, strings, numbers and comments", () => {
    expect(kinds('const x = "a // b"; // note')).toEqual([
      ["keyword", "const"],
      ["plain", " x = "],
      ["string", '"a // b"'],
      ["plain", "; "],
      ["comment", "// note"],
    ]);
    expect(kinds("return 0x1F + 2.5e3;")).toEqual([
      ["keyword", "return"],
      ["plain", " "],
      ["number", "0x1F"],
      ["plain", " + "],
      ["number", "2.5e3"],
      ["plain", ";"],
    ]);
    expect(kinds("obj.type = true")).toEqual([
      ["plain", "obj.type = "],
      ["literal", "true"],
    ]);
  });

  it("keeps the text intact whatever it tokenizes", () => {
    for (const line of ['print("x\\"y")  # c', "a = `tpl ${x}` /* c */ + 1", "x = 'unterminated", "SELECT * FROM t -- c"]) {
      for (const path of ["a.py", "a.ts", "a.sql"]) {
        expect(tokenizeLine(line, languageFor(path)).tokens.map((t) => t.text).join("")).toBe(line);
      }
    }
  });

  it("carries block comments and template literals to the next line", () => {
    const js = languageFor("a.js");
    const first = tokenizeLine("x = 1; /* start", js, START);
    expect(first.state.block).toBe(true);
    const second = tokenizeLine("still */ y", js, first.state);
    expect(second.tokens[0]).toEqual({ kind: "comment", text: "still */" });
    const tpl = tokenizeLine("const s = `a", js);
    expect(tpl.state.quote).toBe("`");
    expect(tokenizeLine("b` + 1", js, tpl.state).tokens[0]).toEqual({ kind: "string", text: "b`" });
    const py = tokenizeLine('doc = """multi', languageFor("a.py"));
    expect(py.state.quote).toBe('"""');
  });

  it("is case-insensitive where the language is", () => {
    expect(kinds("select id FROM t", "q.sql")[0]).toEqual(["keyword", "select"]);
  });
});
