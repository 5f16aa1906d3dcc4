import { formatCount } from "@/lib/format/numbers";

/**
 * How far the job has got; the numbers are read from the bar's value text, not announced as they
 * change. The filled part is an SVG rectangle whose width is an attribute: an inline `style` would
 * be blocked by the Content-Security-Policy.
 */
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
      <svg viewBox="0 0 100 1" preserveAspectRatio="none" aria-hidden="true" className="block h-full w-full">
        <rect width={percent} height="1" className="fill-brand-600" />
      </svg>
    </div>
  );
}
