"use client";
/**
 * The plan graph (React Flow and dagre, the heaviest client code Gatehouse has)
 * in a chunk of its own: the room page and the pipeline view load it when a
 * plan is shown, not with every page that could show one.
 */
import dynamic from "next/dynamic";
import { Spinner } from "@/components/ui/spinner";

export const PlanGraph = dynamic(() => import("./plan-graph").then((m) => m.PlanGraph), {
  loading: () => (
    <p role="status" className="flex items-center gap-2 py-6 text-sm text-zinc-500 dark:text-zinc-400">
      <Spinner /> Drawing the plan…
    </p>
  ),
});
