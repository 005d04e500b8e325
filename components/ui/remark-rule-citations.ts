import { splitRuleCitations } from "@/lib/rules/rule-words";

/** The slice of mdast this plugin touches (children of any node, and text). */
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  data?: { hName?: string; hProperties?: Record<string, string> };
}

/**
 * remark plugin: a bracketed rule citation in prose (`refused [M5]`) becomes a
 * `span[data-rule]` element the Markdown view renders as a RuleRef. Code spans
 * and code blocks are `inlineCode`/`code` nodes, not `text`, so stay untouched.
 */
export function remarkRuleCitations() {
  return (tree: MdNode) => {
    walk(tree);
  };
}

function walk(node: MdNode): void {
  if (!node.children) return;
  const next: MdNode[] = [];
  for (const child of node.children) {
    if (child.type === "text" && child.value && child.value.includes("[")) {
      for (const part of splitRuleCitations(child.value)) {
        if (part.kind === "text") next.push({ type: "text", value: part.text });
        else next.push({ type: "ruleCitation", data: { hName: "span", hProperties: { dataRule: part.id } }, children: [] });
      }
    } else {
      walk(child);
      next.push(child);
    }
  }
  node.children = next;
}
