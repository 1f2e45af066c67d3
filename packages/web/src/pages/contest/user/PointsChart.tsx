import { BarChart, type BarSeriesOption, LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { formatMinute } from '../../../components/time';
import type { ChartSeries } from './cardView';

// ECharts, tree-shaken: only the line and bar charts, the grid, tooltip and legend, and the canvas renderer.
// This module is loaded with React.lazy, so ECharts is a chunk of its own, fetched when a card opens.
use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

type ChartOption = ComposeOption<
  LineSeriesOption | BarSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;

export interface PointsChartLabels {
  cumulative: string;
  points: string;
  place: string;
  game: (n: number) => string;
}

interface TooltipParam {
  dataIndex: number;
  marker?: unknown;
  seriesName?: string;
  value?: unknown;
}

/** The option of the card chart: points of each game (bars), running total (line), place (line, right axis). */
export function chartOption(
  series: ChartSeries,
  labels: PointsChartLabels,
  playerCount: number,
): ChartOption {
  return {
    animation: false,
    grid: { left: 48, right: 40, top: 36, bottom: 28 },
    legend: { top: 0, data: [labels.cumulative, labels.points, labels.place] },
    tooltip: {
      trigger: 'axis',
      formatter: (raw) => {
        const params = (Array.isArray(raw) ? raw : [raw]) as TooltipParam[];
        const i = params[0]?.dataIndex ?? 0;
        const headLine = `${labels.game(series.games[i] ?? i + 1)} · ${formatMinute(series.endTimes[i] ?? 0)}`;
        const lines = params.map((p) => `${String(p.marker ?? '')}${p.seriesName ?? ''}: ${String(p.value)}`);
        return [headLine, ...lines].join('<br/>');
      },
    },
    xAxis: { type: 'category', data: series.games.map(String), boundaryGap: true },
    yAxis: [
      // Zero stays on the points axis, so each game's bar starts from it.
      { type: 'value' },
      {
        type: 'value',
        name: labels.place,
        // The axis runs 1st (top) to last (bottom): its name goes on top.
        nameLocation: 'start',
        nameGap: 12,
        inverse: true,
        min: 1,
        max: playerCount,
        interval: 1,
        splitLine: { show: false },
      },
    ],
    series: [
      {
        name: labels.cumulative,
        type: 'line',
        data: series.cumulative,
        smooth: false,
        showSymbol: series.games.length <= 60,
        lineStyle: { width: 2 },
        z: 3,
      },
      {
        name: labels.points,
        type: 'bar',
        data: series.points,
        itemStyle: { opacity: 0.45 },
        barMaxWidth: 16,
      },
      {
        name: labels.place,
        type: 'line',
        yAxisIndex: 1,
        data: series.places,
        step: 'middle',
        showSymbol: series.games.length <= 60,
        lineStyle: { width: 1, type: 'dashed' },
      },
    ],
  };
}

/** The rank/points chart of a player card over the season. */
export default function PointsChart({
  series,
  labels,
  playerCount,
  height = 280,
}: {
  series: ChartSeries;
  labels: PointsChartLabels;
  playerCount: number;
  height?: number;
}) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(chartOption(series, labels, playerCount), { notMerge: true });
  }, [series, labels, playerCount]);

  return <div ref={host} data-testid="card-chart" style={{ width: '100%', height }} />;
}
