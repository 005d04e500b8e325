import type { ReactNode } from "react";
import { Markdown } from "@/components/ui/markdown";

/**
 * Message text: agent and human Markdown (sanitized; see Markdown). `trailing` follows the last word (a streaming caret).
 * Rule ids read as words in agent text only (`citations`, on by default); a person's message passes false.
 */
export function MessageText({ text, className, trailing, citations = true }: Readonly<{ text: string; className?: string; trailing?: ReactNode; citations?: boolean }>) {
  return <Markdown text={text} className={className} trailing={trailing} citations={citations} />;
}
