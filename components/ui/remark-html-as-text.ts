/** The slice of mdast this plugin touches. */
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

/**
 * remark plugin: raw HTML in Markdown becomes the text that was written. An
 * HTML block runs to the next blank line (CommonMark), so dropping it — as
 * `skipHtml` does — loses every word on a line that starts with `<script>` or
 * `<div>`; as text it is shown, escaped, and never markup (H5). A block
 * becomes a paragraph of its own, inline HTML stays inline.
 */
export function remarkHtmlAsText() {
  return (tree: MdNode) => {
    walk(tree);
  };
}

function walk(node: MdNode): void {
  if (!node.children) return;
  node.children = node.children.map((child) => {
    if (child.type !== "html") {
      walk(child);
      return child;
    }
    const text: MdNode = { type: "text", value: child.value ?? "" };
    return node.type === "root" || node.type === "blockquote" || node.type === "listItem" ? { type: "paragraph", children: [text] } : text;
  });
}
