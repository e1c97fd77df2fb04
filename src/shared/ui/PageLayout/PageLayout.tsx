import { useId, type ComponentPropsWithoutRef, type CSSProperties, type ReactNode } from 'react';
import { Link, type To } from 'react-router-dom';

import styles from './PageLayout.module.css';

const classNames = (...names: readonly (string | false | undefined)[]): string => names.filter(Boolean).join(' ');

export const PAGE_WIDTHS = ['list', 'workspace', 'wide', 'detail', 'narrow'] as const;
/**
 * `list`: the whole width, a little tighter (lists); `workspace`: 96rem (a page of two columns);
 * `wide`: 80rem; `detail`: 72rem (one record); `narrow`: 60rem (a record with forms under it).
 */
export type PageWidth = (typeof PAGE_WIDTHS)[number];

export interface PageProps {
  readonly width: PageWidth;
  /** The id of the page's heading (`PageHeader`'s `titleId`), which names the page. */
  readonly labelledBy?: string;
  /** Names the page where no heading on it does. */
  readonly label?: string;
  /** While the page's record loads. */
  readonly busy?: boolean;
  readonly children: ReactNode;
}

/** A route's content: one column of back link, header, cards, centred at the page's width. */
export function Page({ width, labelledBy, label, busy = false, children }: PageProps) {
  return (
    <section
      className={classNames(styles.page, styles[width])}
      aria-labelledby={labelledBy}
      aria-label={label}
      aria-busy={busy || undefined}
    >
      {children}
    </section>
  );
}

export interface PageHeaderProps {
  readonly title: ReactNode;
  /** The h1's id, for the page's `labelledBy`. */
  readonly titleId?: string;
  /** A link above the title, back to where the user came from. */
  readonly back?: { readonly to: To; readonly label: string };
  /** Beside the title: the record's status badge. */
  readonly badge?: ReactNode;
  /** Beside the title in small text, e.g. how many rows a list has; announced when it changes. */
  readonly count?: ReactNode;
  /** The page's buttons, at the end of the header. */
  readonly actions?: ReactNode;
  /** Names the actions as a group for assistive technology ("Waybill actions"). */
  readonly actionsLabel?: string;
  /** Placement in the caller's layout (e.g. a margin); the header's own look stays. */
  readonly className?: string;
}

/** A page's h1 with what stands beside it, and the back link above it when there is one. */
export function PageHeader({ title, titleId, back, badge, count, actions, actionsLabel, className }: PageHeaderProps) {
  const hasCount = count !== undefined && count !== null;
  return (
    <>
      {back ? (
        <Link to={back.to} className={styles.back}>
          {back.label}
        </Link>
      ) : null}
      <header className={classNames(styles.header, className)}>
        <div className={classNames(styles.heading, hasCount && styles.withCount)}>
          <h1 id={titleId} className={styles.title}>
            {title}
          </h1>
          {badge}
          {hasCount ? (
            <span className={styles.count} role="status">
              {count}
            </span>
          ) : null}
        </div>
        {actions ? (
          <div className={styles.actions} role={actionsLabel ? 'group' : undefined} aria-label={actionsLabel}>
            {actions}
          </div>
        ) : null}
      </header>
    </>
  );
}

export interface CardProps {
  /** A heading at the top of the card (h2); the card is then a section it names. */
  readonly title?: ReactNode;
  /**
   * At the end of the heading's row: a link to the whole list, a count. An aside that comes later
   * (once data is there) is passed from the start, empty: the heading row is then built once, and
   * the heading is not replaced by a new element when the aside arrives.
   */
  readonly aside?: ReactNode;
  /** Less padding above and below, for cards of dense data. */
  readonly compact?: boolean;
  /** The card's parts (its heading too) in a column one gap apart, for a card of several small parts. */
  readonly stack?: boolean;
  /** While the card's content loads or refreshes. */
  readonly busy?: boolean;
  /** Placement or inner layout in the caller's layout; the card's own look stays. */
  readonly className?: string;
  readonly children: ReactNode;
}

/** A bordered surface holding one part of a page: the record's fields, a form, a list. */
export function Card({ title, aside, compact = false, stack = false, busy = false, className, children }: CardProps) {
  const titleId = useId();
  const classes = classNames(styles.card, compact && styles.compact, stack && styles.stack, className);
  if (title === undefined) {
    return (
      <div className={classes} aria-busy={busy || undefined}>
        {children}
      </div>
    );
  }
  const heading = (
    <h2 id={titleId} className={styles.cardTitle}>
      {title}
    </h2>
  );
  return (
    <section className={classes} aria-labelledby={titleId} aria-busy={busy || undefined}>
      {aside === undefined ? (
        heading
      ) : (
        <div className={styles.cardHeading}>
          {heading}
          {aside}
        </div>
      )}
      {children}
    </section>
  );
}

export type MutedTextProps = ComponentPropsWithoutRef<'p'> & {
  /** Smaller text, for hints beside controls. */
  readonly small?: boolean;
};

/** A paragraph said in passing: "Loading…", a hint, why something is not there. */
export function MutedText({ small = false, className, ...rest }: MutedTextProps) {
  return <p className={classNames(styles.muted, small && styles.small, className)} {...rest} />;
}

/** Where a card is still loading: a shimmering block, hidden from assistive technology. */
export function CardSkeleton() {
  return <div className={styles.skeleton} aria-hidden="true" />;
}

export interface DetailField {
  /** Unique among the fields. */
  readonly key: string;
  readonly label: ReactNode;
  readonly value: ReactNode;
  /** Takes a whole row, e.g. notes. */
  readonly wide?: boolean;
}

export interface DetailFieldsProps {
  readonly fields: readonly DetailField[];
  /** How narrow a column may get before there is one column fewer; 14rem by default. */
  readonly minColumnWidth?: string;
  /** Closer rows, for a short summary such as an account's (the labels look the same). */
  readonly compact?: boolean;
  /** Values in the body's larger size, for the record a page is about. */
  readonly largeValues?: boolean;
}

/** A record's fields as a description list in columns: each label over its value. */
export function DetailFields({ fields, minColumnWidth, compact = false, largeValues = false }: DetailFieldsProps) {
  const style = minColumnWidth ? ({ '--fields-min-column': minColumnWidth } as CSSProperties) : undefined;
  return (
    <dl className={classNames(styles.fields, compact && styles.compactFields, largeValues && styles.largeValues)} style={style}>
      {fields.map((field) => (
        <div key={field.key} className={classNames(styles.field, field.wide && styles.wideField)}>
          <dt>{field.label}</dt>
          <dd>{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}
