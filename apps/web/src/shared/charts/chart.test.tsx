import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Chart, isDarkColor } from './chart';
import type { ECharts } from './echarts';

const option = (data: number[]) => ({
  xAxis: { type: 'category', data: data.map((_, i) => `d${i}`) },
  yAxis: { type: 'value' },
  series: [{ type: 'bar', data }],
});

describe('Chart', () => {
  it('updates the same chart with new data and disposes it when it goes', () => {
    const ref = createRef<ECharts | null>();
    const { rerender, unmount } = render(
      <Chart option={option([1, 2])} label="Alarms per day" renderer="svg" chartRef={ref} />,
    );
    const first = ref.current!;
    expect(first.isDisposed()).toBeFalsy();
    expect((first.getOption().series as { data: number[] }[])[0]!.data).toEqual([1, 2]);

    rerender(<Chart option={option([3, 4, 5])} label="Alarms per day" renderer="svg" chartRef={ref} />);
    // The same instance, not a new chart.
    expect(ref.current).toBe(first);
    expect((first.getOption().series as { data: number[] }[])[0]!.data).toEqual([3, 4, 5]);

    unmount();
    expect(first.isDisposed()).toBe(true);
    expect(ref.current).toBeNull();
  });

  it('is named for assistive technology and says what it shows, and shows its empty state', () => {
    render(
      <Chart
        option={option([])}
        label="Alarms per day"
        summary="No alarms"
        empty
        emptyText="Nothing yet"
        renderer="svg"
      />,
    );
    expect(screen.getByRole('figure', { name: 'Alarms per day' })).toBeTruthy();
    expect(screen.getByText('No alarms')).toBeTruthy();
    expect(screen.getByText('Nothing yet')).toBeTruthy();
  });

  it('tells a dark background from a light one', () => {
    expect(isDarkColor('#141414')).toBe(true);
    expect(isDarkColor('#ffffff')).toBe(false);
    expect(isDarkColor('rgba(11, 23, 51, 1)')).toBe(true);
  });
});

describe('chart texts on a large screen', () => {
  it('grow with the page unless the option sets them', async () => {
    const { scaleChartText } = await import('./chart');
    const scaled = scaleChartText(
      { xAxis: { type: 'category' }, yAxis: [{ axisLabel: { fontSize: 10 } }], legend: { top: 0 } },
      24,
    ) as Record<string, never>;
    expect(scaled['xAxis']).toMatchObject({ axisLabel: { fontSize: 24 } });
    expect(scaled['yAxis']).toMatchObject([{ axisLabel: { fontSize: 10 } }]);
    expect(scaled['legend']).toMatchObject({ top: 0, textStyle: { fontSize: 24 } });
  });
});
