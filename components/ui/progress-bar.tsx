/**
 * How far something has got (a job, a search); the numbers are read from the bar's value text, not
 * announced as they change. The filled part is an SVG rectangle whose width is an attribute: an inline
 * `style` would be blocked by the Content-Security-Policy.
 */
export function ProgressBar({
  label,
  value,
  max,
  valueText,
}: {
  label: string;
  value: number;
  max: number;
  valueText: string;
}) {
  const percent = max > 0 ? Math.min(100, (value / max) * 100) : 100;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <svg viewBox="0 0 100 1" preserveAspectRatio="none" aria-hidden="true" className="block h-full w-full">
        <rect width={percent} height="1" className="fill-brand-600" />
      </svg>
    </div>
  );
}
