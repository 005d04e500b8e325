import Link from "next/link";

/** Gatehouse's mark and name, linking to the workspaces. */
export function BrandMark() {
  return (
    <Link href="/w" className="inline-flex items-center gap-2 text-sm font-semibold tracking-tight">
      <span aria-hidden="true" className="grid size-7 place-items-center rounded-md bg-indigo-600 text-white">
        G
      </span>
      {/* At phone width the mark alone, so the top bar keeps to one row of controls. */}
      <span className="sr-only sm:not-sr-only">Gatehouse</span>
    </Link>
  );
}
