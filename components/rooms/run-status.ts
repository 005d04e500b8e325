/** How a run's status reads and is coloured, wherever a run or sub-agent is drawn. */
import type { BadgeTone } from "@/components/ui/badge";
import type { RunStatus } from "./room-types";

export const RUN_STATUS: Record<RunStatus, { label: string; tone: BadgeTone }> = {
  queued: { label: "Queued", tone: "neutral" },
  running: { label: "Running", tone: "indigo" },
  waiting: { label: "Waiting", tone: "amber" },
  succeeded: { label: "Succeeded", tone: "green" },
  failed: { label: "Failed", tone: "red" },
  cancelled: { label: "Cancelled", tone: "neutral" },
};
