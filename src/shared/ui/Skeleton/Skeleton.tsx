import styles from './Skeleton.module.css';

export interface SkeletonProps {
  /** A CSS width; the full width of its box by default. */
  readonly width?: string;
  /** A CSS height; one line of small text by default. */
  readonly height?: string;
}

/** A grey placeholder bar where content is loading; hidden from assistive technology. */
export function Skeleton({ width = '100%', height = '0.75rem' }: SkeletonProps) {
  return <span className={styles.skeleton} style={{ width, height }} aria-hidden="true" />;
}
