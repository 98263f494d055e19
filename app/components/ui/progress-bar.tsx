/**
 * A bar from 0 to 100 for the eye and for assistive technology: `percent`
 * (the width is kept within 0–100), its fill colour, and its accessible name
 * as a `label` or the id of the element that names it. `band` is exposed as
 * `data-band` where the colour follows a rule.
 */
export function ProgressBar({
  percent,
  fillClass,
  label,
  labelledBy,
  band,
  className = "h-2",
}: {
  percent: number;
  fillClass: string;
  label?: string;
  labelledBy?: string;
  band?: string;
  className?: string;
}) {
  const width = Math.min(100, Math.max(0, percent));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      data-band={band}
      className={`${className} w-full overflow-hidden rounded-full bg-slate-100`}
    >
      <div className={`h-full rounded-full ${fillClass}`} style={{ width: `${width}%` }} />
    </div>
  );
}
