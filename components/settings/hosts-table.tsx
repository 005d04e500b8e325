import type { HostView } from "@/lib/hosts/list-hosts";

function age(ms: number): string {
  if (ms < 1_000) return "just now";
  if (ms < 120_000) return `${Math.round(ms / 1_000)} s ago`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min ago`;
  return `${Math.round(ms / 3_600_000)} h ago`;
}

/** Issue 24: every worker host with its health, sandbox slots in use and jobs. */
export function HostsTable({ hosts }: Readonly<{ hosts: HostView[] }>) {
  if (hosts.length === 0) {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">No worker host has reported yet. Each worker writes a heartbeat when it starts.</p>;
  }
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Worker hosts</caption>
      <thead className="border-b border-zinc-200 text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
        <tr>
          <th scope="col" className="py-2 pr-4 font-medium">Host</th>
          <th scope="col" className="py-2 pr-4 font-medium">Health</th>
          <th scope="col" className="py-2 pr-4 font-medium">Sandbox slots in use</th>
          <th scope="col" className="py-2 pr-4 font-medium">Sandbox</th>
          <th scope="col" className="py-2 pr-4 font-medium">Jobs running</th>
          <th scope="col" className="py-2 pr-4 font-medium">Rooms here</th>
        </tr>
      </thead>
      <tbody>
        {hosts.map((host) => (
          <tr key={host.id} className="border-b border-zinc-100 dark:border-zinc-800/60">
            <th scope="row" className="py-2 pr-4 font-medium">
              <span className="font-mono">{host.id}</span>
              <span className="block text-xs font-normal text-zinc-600 dark:text-zinc-400">{host.dataDir}</span>
            </th>
            <td className="py-2 pr-4">
              <span className={host.alive ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}>{host.alive ? "alive" : "dead"}</span>
              <span className="block text-xs text-zinc-600 dark:text-zinc-400">heartbeat {age(host.heartbeatAgeMs)}</span>
            </td>
            <td className="py-2 pr-4">
              {host.slotsInUse} of {host.slots}
            </td>
            <td className="py-2 pr-4">{host.sandbox ?? "not probed yet"}</td>
            <td className="py-2 pr-4">{host.jobsRunning}</td>
            <td className="py-2 pr-4">{host.rooms}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
