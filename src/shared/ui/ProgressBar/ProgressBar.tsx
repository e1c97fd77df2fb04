import styles from './ProgressBar.module.css';

export interface ProgressBarProps {
  /** The bar's accessible name ("Progress", "Waybill report progress"). */
  readonly label: string;
  /** How far along, 0–100 (the caller's to keep in range); left out while it is not known, when a bar slides to and fro instead. */
  readonly percent?: number;
  readonly className?: string;
}

/**
 * A thin progress bar. Without a percent it is indeterminate: a progressbar with no value (the
 * ARIA way to say "under way, how far unknown"), drawn as a sliding bar, or a faded full one where
 * motion is reduced.
 */
export function ProgressBar({ label, percent, className }: ProgressBarProps) {
  const known = percent !== undefined;
  return (
    <div
      className={`${styles.track} ${known ? '' : styles.indeterminate} ${className ?? ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={known ? 0 : undefined}
      aria-valuemax={known ? 100 : undefined}
      aria-valuenow={percent}
      aria-valuetext={known ? `${percent} %` : undefined}
    >
      <div className={styles.bar} style={known ? { width: `${percent}%` } : undefined} />
    </div>
  );
}
