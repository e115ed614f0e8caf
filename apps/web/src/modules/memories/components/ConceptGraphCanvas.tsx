import { memo, type RefObject, useCallback, useEffect, useRef } from 'react';
import ForceGraph2D, { type ForceGraphMethods, type NodeObject } from 'react-force-graph-2d';
import { type GraphData, type GraphLink, type GraphNode, LABEL_ALL_ZOOM } from '../utils/graph-data.util';

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
  }, [data]);
  const onEngineStop = useCallback(() => {
    // The first time a layout settles, show all of it (at once: the anchor below must be final).
    if (!settled.current) graph.current?.zoomToFit(0, FIT_PADDING);
    settled.current = true;
    if (container.current) container.current.dataset['layout'] = 'settled';
    publishAnchor();
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
      const radius = 2 + Math.sqrt(node.val) * 2;
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
      if (node.alwaysLabelled || scale >= LABEL_ALL_ZOOM || selectedId.current === node.id) {
        const fontSize = 12 / scale;
        context.font = `${fontSize}px sans-serif`;
        context.textAlign = 'center';
        context.textBaseline = 'top';
        context.fillStyle = textColor;
        context.fillText(node.name, x, y + radius + 2 / scale);
      }
    },
    [selectedId, textColor],
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
