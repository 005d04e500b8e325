"use client";
import { Dialog } from "@/components/ui/dialog";

const SHORTCUTS: { keys: string[]; what: string }[] = [
  { keys: ["Ctrl", "K"], what: "Open the command palette (⌘K on a Mac): jump to rooms, pull requests and actions" },
  { keys: ["?"], what: "Show these shortcuts" },
  { keys: ["/"], what: "Search the list on this page" },
  { keys: ["j"], what: "Next row or finding" },
  { keys: ["k"], what: "Previous row or finding" },
  { keys: ["Enter"], what: "Open the focused row" },
  { keys: ["Shift", "Tab"], what: "In the composer: toggle Plan mode" },
  { keys: ["Esc"], what: "Close a dialog" },
];

export function ShortcutsDialog({ open, onClose }: Readonly<{ open: boolean; onClose: () => void }>) {
  return (
    <Dialog open={open} onClose={onClose} title="Keyboard shortcuts" description="They work anywhere except while typing in a field.">
      <dl data-testid="shortcuts" className="space-y-2 text-sm">
        {SHORTCUTS.map((s) => (
          <div key={s.what} className="flex items-start justify-between gap-4">
            <dt className="flex shrink-0 gap-1">
              {s.keys.map((k) => (
                <kbd key={k} className="rounded border border-zinc-300 bg-zinc-50 px-1.5 py-0.5 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-800">
                  {k}
                </kbd>
              ))}
            </dt>
            <dd className="text-right text-zinc-700 dark:text-zinc-300">{s.what}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
