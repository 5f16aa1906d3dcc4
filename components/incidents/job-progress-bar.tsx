import { formatCount } from "./format";

/** How far the job has got; the numbers are read from the bar's value text, not announced as they change. */
export function JobProgressBar({ done, total }: { done: number; total: number }) {
  const percent = total > 0 ? Math.min(100, (done / total) * 100) : 100;
  return (
    <div
      role="progressbar"
      aria-label="Job progress"
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
      aria-valuetext={`${formatCount(done)} of ${formatCount(total)} done`}
      className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
