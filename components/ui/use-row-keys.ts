"use client";
/**
 * j / k move focus to the next / previous row of a list (each row's first
 * link or button, or the row itself when focusable); Enter then opens it as
 * usual. Ignored while typing in a field or with a modifier held.
 */
import { useEffect, type RefObject } from "react";

export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(el?.closest("input, textarea, select, [contenteditable='true']"));
}

export function useRowKeys(container: RefObject<HTMLElement | null>, rowSelector: string) {
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if ((event.key !== "j" && event.key !== "k") || event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target)) return;
      const root = container.current;
      if (!root) return;
      const rows = [...root.querySelectorAll<HTMLElement>(rowSelector)];
      if (rows.length === 0) return;
      const targets = rows.map((row) => (row.matches("a, button, [tabindex]") ? row : row.querySelector<HTMLElement>("a, button, [tabindex]") ?? row));
      const at = targets.findIndex((t, i) => t === document.activeElement || rows[i]!.contains(document.activeElement));
      const next = at === -1 ? (event.key === "j" ? 0 : targets.length - 1) : Math.min(targets.length - 1, Math.max(0, at + (event.key === "j" ? 1 : -1)));
      event.preventDefault();
      targets[next]!.focus();
      targets[next]!.scrollIntoView({ block: "nearest" });
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [container, rowSelector]);
}
