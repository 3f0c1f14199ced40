import { Tag } from 'antd';

/** One colour per HTTP method, the same on every page that lists routes. */
export const METHOD_COLORS: Record<string, string> = {
  GET: 'blue',
  POST: 'green',
  PUT: 'orange',
  PATCH: 'gold',
  DELETE: 'red',
};

/** An HTTP method as a coloured tag. */
export function MethodTag({ method }: { method: string }) {
  return <Tag color={METHOD_COLORS[method] ?? 'default'}>{method}</Tag>;
}
