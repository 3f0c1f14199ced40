export { Chart, isDarkColor, scaleChartText, type ChartEventHandler, type ChartProps } from './chart';
export { echarts, type ECharts, type EChartsCoreOption } from './echarts';
