import type { ReactNode } from 'react';
import { useFormat } from '@/shared/lib/format';
import { PageHeader } from '@/shared/ui';

export interface ListPageHeaderProps {
  /** The page heading ("Waybills"). */
  readonly title: string;
  /** The h1's id, for the page's `labelledBy`. */
  readonly titleId?: string;
  /** How many rows the filters select; nothing is said while it is unknown. */
  readonly count?: number | undefined;
  /** Says how many rows, given their number (for the plural) and the number formatted for the locale. */
  readonly countText?: (count: number, formatted: string) => string;
  /** Buttons beside the heading ("New waybill", "Export report"). */
  readonly actions?: ReactNode;
  /** Placement in the caller's layout. */
  readonly className?: string;
}

/** A list page's h1 with how many rows its filters select and the list's buttons. */
export function ListPageHeader({ title, titleId, count, countText, actions, className }: ListPageHeaderProps) {
  const format = useFormat();
  const countLine = count === undefined || !countText ? null : countText(count, format.number(count));
  return <PageHeader titleId={titleId} title={title} count={countLine} actions={actions} className={className} />;
}
