import { useEffect, useLayoutEffect, useRef, type CSSProperties, type ReactNode, type Ref } from 'react';
import { Empty, Spin, theme } from 'antd';
import { echarts, type ECharts, type EChartsCoreOption } from './echarts';
import './chart.css';

/** A chart event's handler (click on a bar, a cell, a point). */
export type ChartEventHandler = (params: Record<string, unknown>) => void;

export type ChartProps = {
  /** What to draw; a new object is applied with `setOption` on the same chart (never re-created). */
  option: EChartsCoreOption;
  /** The chart's name for assistive technology. */
  label: string;
  /** The chart's content as text (a short summary or a table), read instead of the drawing. */
  summary?: ReactNode;
  loading?: boolean;
  /** No data to draw: the empty state shows over the (kept) chart. */
  empty?: boolean;
  emptyText?: ReactNode;
  height?: CSSProperties['height'];
  /** `svg` for few shapes (and for jsdom); canvas by default, which keeps many points fast. */
  renderer?: 'canvas' | 'svg';
  /** Series (or components) replaced rather than merged on update, e.g. `['series']` when some go away. */
  replaceMerge?: string[];
  /** The live chart, for updates that only touch data (`setOption({ series: [{ data }] })`). */
  chartRef?: Ref<ECharts | null>;
  onEvents?: Partial<Record<string, ChartEventHandler>>;
  className?: string;
  testId?: string;
};

/** Dark when the theme's container background is dark (the wall screen's dark algorithm). */
export function isDarkColor(color: string): boolean {
  const hex = /^#([0-9a-f]{6})$/i.exec(color.trim());
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/i.exec(color.trim());
  const [r, g, b] = hex
    ? [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16))
    : rgb
      ? [rgb[1], rgb[2], rgb[3]].map(Number)
      : [255, 255, 255];
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! < 128;
}

let canvasWorks: boolean | undefined;
/** Whether this browser draws on a canvas (a page without one, or jsdom, gets the SVG renderer). */
function canDrawOnCanvas(): boolean {
  if (canvasWorks === undefined) {
    try {
      canvasWorks = !!document.createElement('canvas').getContext('2d');
    } catch {
      canvasWorks = false;
    }
  }
  return canvasWorks;
}

type Part = Record<string, unknown>;
const withText = (part: unknown, key: string, fontSize: number): unknown => {
  if (Array.isArray(part)) return part.map((p) => withText(p, key, fontSize));
  if (!part || typeof part !== 'object') return part;
  const own = (part as Part)[key] as Part | undefined;
  return { ...(part as Part), [key]: { fontSize, ...own } };
};

/**
 * The option with its texts at `fontSize` (axis labels, legend, tooltip, visual map) unless it sets
 * them itself: ECharts draws 12px whatever the page's size, and the wall screen's text grows.
 */
export function scaleChartText(option: EChartsCoreOption, fontSize: number): EChartsCoreOption {
  if (fontSize === 12) return option;
  const o = option as Part;
  const scaled: Part = { ...o, textStyle: { fontSize, ...(o.textStyle as Part | undefined) } };
  for (const axis of ['xAxis', 'yAxis'])
    if (o[axis]) scaled[axis] = withText(withText(o[axis], 'axisLabel', fontSize), 'nameTextStyle', fontSize);
  for (const part of ['legend', 'tooltip', 'visualMap'])
    if (o[part]) scaled[part] = withText(o[part], 'textStyle', fontSize);
  if (o.legend) {
    const size = Math.round(fontSize * 1.1);
    scaled.legend = withText(scaled.legend, 'pageTextStyle', fontSize);
    scaled.legend = Array.isArray(scaled.legend)
      ? scaled.legend
      : { itemWidth: size * 2, itemHeight: size, ...(scaled.legend as Part) };
  }
  return scaled;
}

function setRef<T>(ref: Ref<T> | undefined, value: T) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * The console's one ECharts chart: created when it mounts and disposed when it unmounts, resized
 * with its box, updated by `setOption` (so a live chart never redraws from scratch), in the light
 * or dark look of the antd theme around it, with its loading and empty states and a text
 * alternative for screen readers.
 */
export function Chart({
  option,
  label,
  summary,
  loading,
  empty,
  emptyText,
  height = 300,
  renderer = 'canvas',
  replaceMerge,
  chartRef,
  onEvents,
  className,
  testId,
}: ChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const instance = useRef<ECharts | null>(null);
  const themed = useRef(false);
  const { token } = theme.useToken();
  const dark = isDarkColor(token.colorBgContainer);
  // 12px beside the console's 14px text, growing with it on the wall screen.
  const fontSize = Math.round((token.fontSize * 12) / 14);
  const events = useRef(onEvents);
  useLayoutEffect(() => {
    events.current = onEvents;
  });

  // Created once per mount; the renderer is fixed for the chart's life.
  useLayoutEffect(() => {
    const box = boxRef.current!;
    const chart = echarts.init(box, dark ? 'dark' : undefined, {
      renderer: renderer === 'canvas' && !canDrawOnCanvas() ? 'svg' : renderer,
    });
    instance.current = chart;
    themed.current = dark;
    setRef(chartRef, chart);
    const observer = new ResizeObserver(() => {
      if (!chart.isDisposed()) chart.resize();
    });
    observer.observe(box);
    return () => {
      observer.disconnect();
      chart.dispose();
      instance.current = null;
      setRef(chartRef, null);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one chart per mount; theme and option follow below
  }, [renderer]);

  useLayoutEffect(() => {
    const chart = instance.current;
    if (!chart || themed.current === dark) return;
    themed.current = dark;
    chart.setTheme(dark ? 'dark' : {});
  }, [dark]);

  useLayoutEffect(() => {
    // Transparent, so the card's background (light or dark) shows through.
    instance.current?.setOption(
      scaleChartText({ backgroundColor: 'transparent', ...option }, fontSize),
      replaceMerge ? { replaceMerge } : undefined,
    );
  }, [option, replaceMerge, dark, fontSize]);

  const eventNames = Object.keys(onEvents ?? {})
    .sort()
    .join(',');
  useEffect(() => {
    const chart = instance.current;
    if (!chart || !eventNames) return;
    const names = eventNames.split(',');
    const handlers = names.map((name) => {
      const handler = (params: unknown) => events.current?.[name]?.(params as Record<string, unknown>);
      chart.on(name, handler);
      return [name, handler] as const;
    });
    return () => {
      if (chart.isDisposed()) return;
      for (const [name, handler] of handlers) chart.off(name, handler);
    };
  }, [eventNames, renderer]);

  return (
    <figure className={`patrol-chart${className ? ` ${className}` : ''}`} aria-label={label} data-testid={testId}>
      <div ref={boxRef} className="patrol-chart__canvas" style={{ height }} aria-hidden="true" />
      {loading ? (
        <div className="patrol-chart__overlay">
          <Spin />
        </div>
      ) : empty ? (
        <div className="patrol-chart__overlay">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
        </div>
      ) : null}
      {summary !== undefined && <figcaption className="visually-hidden">{summary}</figcaption>}
    </figure>
  );
}
