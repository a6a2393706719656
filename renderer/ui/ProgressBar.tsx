interface ProgressBarProps {
  label: string;
  done: number;
  /** 0 while the amount of work is not known yet: the bar is then indeterminate. */
  total: number;
}

export function ProgressBar({ label, done, total }: ProgressBarProps) {
  const known = total > 0;
  const percent = known ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <div
      className={known ? 'progress' : 'progress progress--indeterminate'}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={known ? total : undefined}
      aria-valuenow={known ? done : undefined}
      aria-valuetext={known ? `${done} of ${total}` : 'working'}
    >
      <div className="progress__fill" style={{ width: known ? `${percent}%` : undefined }} />
    </div>
  );
}
