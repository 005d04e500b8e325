import Link from "next/link";

/** Gatehouse's mark and name, linking to the workspaces. */
export function BrandMark() {
  return (
    <Link href="/w" className="inline-flex items-center gap-2 text-sm font-semibold tracking-tight">
      <span aria-hidden="true" className="grid size-7 place-items-center rounded-md bg-indigo-600 text-white">
        G
      </span>
      Gatehouse
    </Link>
  );
}
