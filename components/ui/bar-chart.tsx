import { formatCount } from "@/lib/format/numbers";

type BarChartProps = {
  /** The chart's name, read by screen readers before the table of its values. */
  title: string;
  values: number[];
  /** What each bar is: "hour 3 (14:00)"; used in each bar's hover text and in the table read aloud. */
  labelOf: (index: number) => string;
  /** Labels under the first and last bars. */
  start: string;
  end: string;
  unit: [one: string, many: string];
};

/**
 * Counts over time as bars: drawn in SVG (no script, no library), with the same numbers as a table for
 * screen readers. Each bar's hover text names its time and count.
 */
export function BarChart({ title, values, labelOf, start, end, unit }: BarChartProps) {
  const highest = Math.max(1, ...values);
  const width = Math.max(values.length, 1);
  const count = (value: number) => `${formatCount(value)} ${value === 1 ? unit[0] : unit[1]}`;
  return (
    <figure className="space-y-1">
      <figcaption className="text-sm font-medium text-slate-800">{title}</figcaption>
      <svg
        viewBox={`0 0 ${width} 40`}
        preserveAspectRatio="none"
        className="h-24 w-full rounded border border-slate-200 bg-white"
        aria-hidden
      >
        {values.map((value, index) => {
          const height = value === 0 ? 0 : Math.max(1.5, (value / highest) * 38);
          return (
            <rect key={index} x={index + 0.1} y={40 - height} width={0.8} height={height} className="fill-brand-600">
              <title>{`${labelOf(index)}: ${count(value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="flex justify-between text-xs text-slate-600" aria-hidden>
        <span>{start}</span>
        <span>Highest: {count(Math.max(0, ...values))}</span>
        <span>{end}</span>
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {values.map((value, index) =>
            value > 0 ? (
              <tr key={index}>
                <th scope="row">{labelOf(index)}</th>
                <td>{count(value)}</td>
              </tr>
            ) : null,
          )}
        </tbody>
      </table>
    </figure>
  );
}
