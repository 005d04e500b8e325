"use client";
/**
 * P2: the plan as a graph (React Flow). Positions come from the layout stored
 * with the plan (computed by dagre when it was submitted), falling back to a
 * fresh layout. Read-only: people select steps to read them; the plan itself
 * is the agent's deliverable and changes only by a new version.
 */
import { Background, Controls, MarkerType, ReactFlow, type Edge } from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useMemo } from "react";
import type { PlanLayout } from "@/lib/plans/layout-plan";
import { planEdges } from "@/lib/plans/layout-plan";
import type { PlanNodeLike } from "@/lib/plans/schemas";
import { computePlanLayout, readPlanLayout } from "@/lib/plans/stored-plan";
import { PlanStepNode, type StepNode } from "./plan-step-node";
import { useDarkMode } from "./use-dark-mode";
import type { StepChange, TicketStatus } from "./step-status";

const NODE_TYPES = { step: PlanStepNode };

export function PlanGraph({
  nodes,
  layout,
  statuses,
  changes,
  selected,
  onSelect,
}: Readonly<{
  nodes: readonly PlanNodeLike[];
  layout: PlanLayout | null;
  statuses: ReadonlyMap<string, TicketStatus>;
  changes: ReadonlyMap<string, StepChange>;
  selected: string | null;
  onSelect: (key: string | null) => void;
}>) {
  const dark = useDarkMode();
  const positions = useMemo(() => {
    const placed = readPlanLayout(layout, nodes) ?? computePlanLayout(nodes);
    return new Map(placed.nodes.map((n) => [n.key, n]));
  }, [layout, nodes]);

  const flowNodes = useMemo<StepNode[]>(
    () =>
      nodes.map((node) => {
        const at = positions.get(node.key) ?? { x: 0, y: 0 };
        return {
          id: node.key,
          type: "step",
          position: { x: at.x, y: at.y },
          data: { key: node.key, title: node.title, status: statuses.get(node.key) ?? null, change: changes.get(node.key) ?? null, selected: node.key === selected },
          draggable: false,
          connectable: false,
          ariaLabel: `Step ${node.key}: ${node.title}`,
        };
      }),
    [nodes, positions, statuses, changes, selected],
  );

  const flowEdges = useMemo<Edge[]>(
    () =>
      planEdges(nodes).map((edge) => ({
        id: `${edge.source}->${edge.target}`,
        source: edge.source,
        target: edge.target,
        markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16 },
        animated: statuses.get(edge.target) === "running",
      })),
    [nodes, statuses],
  );

  return (
    <div data-testid="plan-graph" className="h-[26rem] overflow-hidden rounded-md border border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-950">
      <ReactFlow
        nodes={flowNodes}
        edges={flowEdges}
        nodeTypes={NODE_TYPES}
        fitView
        fitViewOptions={{ padding: 0.15 }}
        minZoom={0.1}
        nodesDraggable={false}
        nodesConnectable={false}
        edgesFocusable={false}
        onNodeClick={(_, node) => onSelect(node.id === selected ? null : node.id)}
        onPaneClick={() => onSelect(null)}
        colorMode={dark ? "dark" : "light"}
      >
        <Background gap={24} size={1} />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
