import type { ReactNode } from "react";
import { Markdown } from "@/components/ui/markdown";

/** Message text: agent and human Markdown (sanitized; see Markdown). `trailing` follows the last word (a streaming caret). */
export function MessageText({ text, className, trailing }: Readonly<{ text: string; className?: string; trailing?: ReactNode }>) {
  return <Markdown text={text} className={className} trailing={trailing} />;
}
