import type { FunctionPlotDatumScope, FunctionPlotOptions } from 'function-plot';
import { parseExpression } from './expression';
import type { GraphState } from './graph-model';

type FunctionPlotModule = typeof import('function-plot');

let library: Promise<FunctionPlotModule> | null = null;
/** function-plot and d3 load on the first graph someone sees, not with the room. */
const loadLibrary = () => {
  library ??= import('function-plot').catch((error: unknown) => {
    library = null;
    throw error;
  });
  return library;
};

/**
 * The graph drawn by function-plot as a detached SVG of `width` × `height`. Every curve is handed over as a
 * function (our own evaluator), never as text: function-plot compiles text with `new Function`, which the page's
 * Content-Security-Policy refuses. Its pan and zoom layer is taken out, since the board pans and zooms, and the
 * axes are the graph's shared ones.
 */
export async function drawGraph(state: GraphState, width: number, height: number): Promise<SVGSVGElement> {
  const module = await loadLibrary();
  // The package is CommonJS with a default export: bundlers hand it over either way.
  const functionPlot =
    typeof module.default === 'function' ? module.default : (module.default as unknown as { default: FunctionPlotModule['default'] }).default;
  const { Chart } = module;
  const sliders = Object.fromEntries(state.sliders.map((s) => [s.name, s.value]));
  const data = state.expressions.flatMap((expression) => {
    const parsed = parseExpression(expression.text);
    if (!parsed.ok) return [];
    return [
      {
        fn: (scope: FunctionPlotDatumScope) => parsed.evaluate({ ...sliders, x: Number(scope.x) }),
        graphType: 'polyline' as const,
        sampler: 'builtIn' as const,
        color: expression.color,
        attr: { 'stroke-width': 2.5, 'data-expression': expression.text },
      },
    ];
  });
  const target = document.createElement('div');
  const { axes } = state;
  const options: FunctionPlotOptions = {
    target,
    width,
    height,
    grid: axes.grid,
    disableZoom: true,
    xAxis: { domain: [axes.xMin, axes.xMax] },
    yAxis: { domain: [axes.yMin, axes.yMax] },
    data,
  };
  functionPlot(options);
  // Each drawing is a new chart (the library writes its id into the options): its cache would otherwise keep them all.
  if (options.id) delete Chart.cache[options.id];
  const svg = target.querySelector('svg')!;
  svg.querySelector('.zoom-and-drag')?.remove();
  return svg;
}

/** The graph as an SVG data address, for pictures of the board (the PDF export). */
export async function graphImageUrl(state: GraphState, width: number, height: number) {
  const svg = await drawGraph(state, width, height);
  svg.setAttribute('style', 'color: #334155; font-family: ui-sans-serif, system-ui, sans-serif');
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
}
