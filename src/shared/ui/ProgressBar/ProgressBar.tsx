import styles from './ProgressBar.module.css';

export interface ProgressBarProps {
  /** The bar's accessible name ("Progress", "Waybill report progress"). */
  readonly label: string;
  /** How far along, 0–100; left out while it is not known, when a bar slides to and fro instead. */
  readonly percent?: number;
  readonly className?: string;
}

/**
 * A thin progress bar. Without a percent it is indeterminate: a progressbar with no value (the
 * ARIA way to say "under way, how far unknown"), drawn as a sliding bar, or a faded full one where
 * motion is reduced.
 */
export function ProgressBar({ label, percent, className }: ProgressBarProps) {
  const track = [styles.track, percent === undefined ? styles.indeterminate : '', className ?? ''].filter(Boolean).join(' ');
  if (percent === undefined) {
    return (
      <div className={track} role="progressbar" aria-label={label}>
        <div className={styles.bar} />
      </div>
    );
  }
  return (
    <div
      className={track}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent} %`}
    >
      <div className={styles.bar} style={{ width: `${Math.min(100, Math.max(0, percent))}%` }} />
    </div>
  );
}
