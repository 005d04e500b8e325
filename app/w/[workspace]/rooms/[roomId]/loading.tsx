/** The room's shape while its snapshot loads: header, a few turns, the composer, the side panels. */
export default function RoomLoading() {
  const bar = "rounded bg-zinc-200 dark:bg-zinc-800";
  return (
    <div role="status" aria-label="Loading the room" className="animate-pulse space-y-4 motion-reduce:animate-none">
      <div className="space-y-2 border-b border-zinc-200 pb-4 dark:border-zinc-800">
        <div className={`h-3 w-16 ${bar}`} />
        <div className="flex items-center gap-2">
          <div className={`h-6 w-64 ${bar}`} />
          <div className={`h-6 w-16 rounded-full ${bar}`} />
        </div>
        <div className={`h-3 w-80 ${bar}`} />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <div className="flex justify-end">
            <div className={`h-14 w-2/3 rounded-2xl ${bar}`} />
          </div>
          {[0, 1].map((i) => (
            <div key={i} className="space-y-2 border-l-2 border-zinc-200 pl-4 dark:border-zinc-800">
              <div className={`h-4 w-40 ${bar}`} />
              <div className={`h-3 w-full ${bar}`} />
              <div className={`h-3 w-5/6 ${bar}`} />
              <div className={`h-9 w-full rounded-md ${bar}`} />
              <div className={`h-9 w-full rounded-md ${bar}`} />
            </div>
          ))}
          <div className={`h-32 w-full rounded-xl ${bar}`} />
        </div>
        <div className="space-y-4">
          <div className={`h-24 w-full rounded-lg ${bar}`} />
          <div className={`h-16 w-full rounded-lg ${bar}`} />
        </div>
      </div>
      <span className="sr-only">Loading the room…</span>
    </div>
  );
}
