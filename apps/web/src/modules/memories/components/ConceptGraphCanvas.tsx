import { memo, type RefObject, useCallback, useEffect, useRef } from 'react';
import ForceGraph2D, { type ForceGraphMethods, type NodeObject } from 'react-force-graph-2d';
import {
  type GraphData,
  type GraphLink,
  type GraphNode,
  LABEL_ALL_ZOOM,
  type LabelBox,
  placeLabels,
} from '../utils/graph-data.util';

export interface ConceptGraphHandle {
  /** Centres and zooms the view on a concept. */
  focus(conceptId: string): void;
}

interface ConceptGraphCanvasProps {
  readonly data: GraphData;
  readonly width: number;
  readonly height: number;
  /** Read while drawing, so a new selection repaints the canvas without a React render of this component. */
  readonly selectedId: RefObject<string | null>;
  readonly onSelect: (conceptId: string) => void;
  readonly handle: RefObject<ConceptGraphHandle | null>;
  readonly textColor: string;
}

type Node = NodeObject<GraphNode>;
/** Beyond this many nodes the layout settles faster and links are drawn in one batch. */
const LARGE_GRAPH_NODES = 500;
/** Pixels kept free around the graph when it is fitted to the canvas. */
const FIT_PADDING = 24;
/** Label text height and the gap kept around each label, in CSS pixels. */
const LABEL_FONT_PX = 12;
const LABEL_GAP_PX = 2;

const nodeRadius = (node: Node) => 2 + Math.sqrt(node.val) * 2;

/**
 * The force-directed concept graph on a canvas (zoom with the wheel, pan by dragging the background).
 * Memoised on its props, which only change with the data or the size: selection, search and hover never
 * re-render it; the canvas reads them from refs on its own frames. Labels: the strongest concepts always,
 * every concept once zoomed in, so 2,000 nodes do not mean 2,000 texts per frame.
 */
export const ConceptGraphCanvas = memo(function ConceptGraphCanvas({
  data,
  width,
  height,
  selectedId,
  onSelect,
  handle,
  textColor,
}: ConceptGraphCanvasProps) {
  const graph = useRef<ForceGraphMethods<Node, GraphLink> | undefined>(undefined);
  const large = data.nodes.length > LARGE_GRAPH_NODES;
  const container = useRef<HTMLDivElement>(null);

  /**
   * Test hook: whether the layout has settled and where the strongest concept then sits on the canvas, in
   * CSS pixels, so a browser test can click a real node. Written to the DOM directly when the layout
   * settles or the view moves (never per frame, never through React state).
   */
  const settled = useRef(false);
  const drawnLabels = useRef<LabelBox[]>([]);
  const publishAnchor = useCallback(() => {
    const methods = graph.current;
    const element = container.current;
    const top = data.nodes.reduce<GraphNode | undefined>(
      (best, node) => (!best || node.memoryCount > best.memoryCount ? node : best),
      undefined,
    );
    if (!settled.current || !methods || !element || !top || top.x === undefined || top.y === undefined)
      return;
    const at = methods.graph2ScreenCoords(top.x, top.y);
    element.dataset['anchorConcept'] = top.id;
    element.dataset['anchorX'] = String(Math.round(at.x));
    element.dataset['anchorY'] = String(Math.round(at.y));
    // The labels of the latest frame, in CSS pixels of the canvas (boxes without their gap).
    element.dataset['labels'] = JSON.stringify(
      drawnLabels.current.map((label) => {
        const corner = methods.graph2ScreenCoords(label.x, label.y);
        const scale = methods.zoom();
        return {
          x: Math.round(corner.x * 10) / 10,
          y: Math.round(corner.y * 10) / 10,
          width: Math.round(label.width * scale * 10) / 10,
          height: Math.round(label.height * scale * 10) / 10,
        };
      }),
    );
  }, [data]);
  const onEngineStop = useCallback(() => {
    // The first time a layout settles, show all of it (at once: the anchor below must be final).
    if (!settled.current) graph.current?.zoomToFit(0, FIT_PADDING);
    settled.current = true;
    if (container.current) container.current.dataset['layout'] = 'settled';
    publishAnchor();
    // Once more after the fitted view is drawn, so the published labels are the ones on screen.
    requestAnimationFrame(() => requestAnimationFrame(publishAnchor));
  }, [publishAnchor]);

  // New data starts a new layout: the previous anchor no longer holds.
  useEffect(() => {
    settled.current = false;
    const element = container.current;
    if (!element) return;
    element.dataset['layout'] = 'running';
    delete element.dataset['anchorConcept'];
    delete element.dataset['anchorX'];
    delete element.dataset['anchorY'];
    delete element.dataset['labels'];
  }, [data]);

  useEffect(() => {
    handle.current = {
      focus: (conceptId) => {
        const node = data.nodes.find((candidate) => candidate.id === conceptId);
        if (!node || node.x === undefined || node.y === undefined || !graph.current) return;
        graph.current.centerAt(node.x, node.y, 400);
        graph.current.zoom(Math.max(graph.current.zoom(), 3), 400);
      },
    };
    return () => {
      handle.current = null;
    };
  }, [data, handle]);

  const drawNode = useCallback(
    (node: Node, context: CanvasRenderingContext2D, scale: number) => {
      const radius = nodeRadius(node);
      const x = node.x ?? 0;
      const y = node.y ?? 0;
      context.beginPath();
      context.arc(x, y, radius, 0, 2 * Math.PI);
      context.fillStyle = node.color;
      context.fill();
      if (selectedId.current === node.id) {
        context.lineWidth = 3 / scale;
        context.strokeStyle = textColor;
        context.stroke();
      }
    },
    [selectedId, textColor],
  );

  /**
   * Labels after every node is drawn, so they can be placed together: the selected concept first, then the
   * strongest, each only where it covers no label already placed (crowded labels were unreadable). Only
   * nodes in view are measured.
   */
  const drawLabels = useCallback(
    (context: CanvasRenderingContext2D, scale: number) => {
      const fontSize = LABEL_FONT_PX / scale;
      const gap = LABEL_GAP_PX / scale;
      context.font = `${fontSize}px sans-serif`;
      const view = context.getTransform().inverse();
      const topLeft = view.transformPoint(new DOMPoint(0, 0));
      const bottomRight = view.transformPoint(new DOMPoint(context.canvas.width, context.canvas.height));
      const candidates: Array<LabelBox & { priority: number; name: string }> = [];
      for (const node of data.nodes as Node[]) {
        const selected = selectedId.current === node.id;
        if (!node.alwaysLabelled && scale < LABEL_ALL_ZOOM && !selected) continue;
        const x = node.x ?? 0;
        const y = node.y ?? 0;
        if (x < topLeft.x || x > bottomRight.x || y < topLeft.y || y > bottomRight.y) continue;
        const width = context.measureText(node.name).width;
        candidates.push({
          id: node.id,
          // The box includes its gap, so kept labels never touch.
          x: x - width / 2 - gap,
          y: y + nodeRadius(node) + gap,
          width: width + 2 * gap,
          height: fontSize + 2 * gap,
          priority: selected ? Number.POSITIVE_INFINITY : node.memoryCount,
          name: node.name,
        });
      }
      const placed = placeLabels(candidates);
      context.textAlign = 'center';
      context.textBaseline = 'top';
      context.fillStyle = textColor;
      for (const label of placed) context.fillText(label.name, label.x + label.width / 2, label.y + gap);
      drawnLabels.current = placed.map((label) => ({
        id: label.id,
        x: label.x + gap,
        y: label.y + gap,
        width: label.width - 2 * gap,
        height: label.height - 2 * gap,
      }));
    },
    [data, selectedId, textColor],
  );

  const paintPointerArea = useCallback((node: Node, color: string, context: CanvasRenderingContext2D) => {
    context.beginPath();
    context.arc(node.x ?? 0, node.y ?? 0, 4 + Math.sqrt(node.val) * 2, 0, 2 * Math.PI);
    context.fillStyle = color;
    context.fill();
  }, []);

  return (
    <div
      ref={container}
      data-testid="memory-graph-canvas"
      data-node-count={data.nodes.length}
      data-link-count={data.links.length}
    >
      <ForceGraph2D<GraphNode, GraphLink>
        ref={graph}
        graphData={data}
        width={width}
        height={height}
        nodeId="id"
        nodeLabel="name"
        nodeVal="val"
        nodeCanvasObject={drawNode}
        onRenderFramePost={drawLabels}
        nodePointerAreaPaint={paintPointerArea}
        linkColor={() => 'rgba(140, 140, 160, 0.35)'}
        // One width for a large graph lets force-graph stroke its links in a single batch per frame.
        linkWidth={large ? 0.6 : (link) => Math.min(4, 0.5 + Math.log1p(link.weight))}
        onNodeClick={(node) => onSelect(String(node.id))}
        // A press on a node selects it; dragging anywhere pans (moving single nodes helps nobody here).
        enableNodeDrag={false}
        // Large graphs settle faster and stop drawing once still (autoPauseRedraw is on by default).
        cooldownTicks={large ? 120 : 250}
        d3AlphaDecay={large ? 0.05 : 0.0228}
        onEngineStop={onEngineStop}
        onZoomEnd={publishAnchor}
        minZoom={0.1}
        maxZoom={12}
      />
    </div>
  );
});
