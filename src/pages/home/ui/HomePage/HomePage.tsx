import { INVOICE_RETRYABLE_STATUS, WAYBILL_STATUSES, type InvoiceStatus, type WaybillStatus } from '@timberlog/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { RecentExports } from '@/features/export/track-progress';
import { InvoiceStatusBadge } from '@/entities/invoice';
import { useGetSummaryQuery, type Summary } from '@/entities/summary';
import { useCurrentUser } from '@/entities/user';
import { WaybillStatusBadge } from '@/entities/waybill';
import { useFormat } from '@/shared/lib/format';
import { Button, Card, Page, PageHeader, Skeleton } from '@/shared/ui';

import { HomeCharts } from '../HomeCharts/HomeCharts';

import styles from './HomePage.module.css';

// An overview is read afresh on every visit, not from a cache a minute old.
const FRESH = { refetchOnMountOrArgChange: true } as const;
const AWAITING_SYNC: InvoiceStatus = 'pending_sync';

interface CountTileProps {
  readonly to: string;
  readonly label: ReactNode;
  /** The count; undefined while the summary loads or when it failed. */
  readonly count: number | undefined;
  readonly isError: boolean;
}

/** One count as a link to the list it counts. */
function CountTile({ to, label, count, isError }: CountTileProps) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <li className={styles.tile}>
      <Link to={to} className={styles.tileLink}>
        <span className={styles.tileLabel}>{label}</span>
        {count !== undefined ? (
          <span className={styles.tileCount} data-testid="count">
            {format.number(count)}
          </span>
        ) : isError ? (
          <span className={styles.tileError}>{t('home.countError')}</span>
        ) : (
          <Skeleton width="3rem" height="1.75rem" />
        )}
      </Link>
    </li>
  );
}

interface SummaryResult {
  readonly data?: Summary | undefined;
  readonly isError: boolean;
}

function WaybillStatusTile({ status, summary }: { readonly status: WaybillStatus; readonly summary: SummaryResult }) {
  return (
    <CountTile
      to={`/waybills?statusIn=${status}`}
      label={<WaybillStatusBadge status={status} />}
      count={summary.data?.waybillsByStatus[status]}
      isError={summary.isError}
    />
  );
}

function InvoiceStatusTile({ status, summary }: { readonly status: InvoiceStatus; readonly summary: SummaryResult }) {
  return (
    <CountTile
      to={`/invoices?statusIn=${status}`}
      label={<InvoiceStatusBadge status={status} />}
      count={summary.data?.invoicesByStatus[status]}
      isError={summary.isError}
    />
  );
}

interface TilesCardProps {
  readonly title: string;
  /** Beside the heading: the whole list the tiles count from. */
  readonly link?: { readonly to: string; readonly label: string };
  /** The count tiles. */
  readonly children: ReactNode;
}

/** A card of count tiles, with a link to the whole list beside its heading. */
function TilesCard({ title, link, children }: TilesCardProps) {
  const aside = link ? (
    <Link to={link.to} className={styles.more}>
      {link.label}
    </Link>
  ) : undefined;
  return (
    <Card compact stack title={title} aside={aside}>
      <ul className={styles.tiles}>{children}</ul>
    </Card>
  );
}

/** Sign-ups awaiting activation, for staff only (the server counts the inactive accounts for staff). */
function SignupsTile({ summary }: { readonly summary: SummaryResult }) {
  const { t } = useTranslation();
  return (
    <CountTile
      to="/users?isActive=false"
      label={t('home.signups')}
      count={summary.data?.usersAwaitingActivation ?? undefined}
      isError={summary.isError}
    />
  );
}

/**
 * `/`: the day's overview. Waybills by status and invoices awaiting or failing sync, each a link
 * to the list filtered the same way; charts of the weeks' hauls, the month's destinations and the
 * year's invoicing; the user's latest exports; quick actions; for staff, the sign-ups to activate.
 */
export function HomePage() {
  const { t } = useTranslation();
  const me = useCurrentUser(true);
  // Every count of the page comes from one call (GET /api/summary).
  const summary = useGetSummaryQuery(undefined, FRESH);
  // The server counts sign-ups for staff only: none in an answer means the caller is not staff (any more).
  const showSignups = Boolean(me?.isStaff) && summary.data?.usersAwaitingActivation !== null;
  return (
    <Page width="wide" labelledBy="home-title">
      <PageHeader
        titleId="home-title"
        title={t('home.title')}
        actions={
          <nav className={styles.quickActions} aria-label={t('home.quickActions')}>
            <Button to="/waybills/new">{t('home.newWaybill')}</Button>
            <Button to="/worklogs/new" variant="secondary">
              {t('home.newWorklog')}
            </Button>
            <Button to="/invoices/new" variant="secondary">
              {t('home.newInvoice')}
            </Button>
          </nav>
        }
      />

      <TilesCard title={t('home.waybills')} link={{ to: '/waybills', label: t('home.waybillsLink') }}>
        {WAYBILL_STATUSES.map((status) => (
          <WaybillStatusTile key={status} status={status} summary={summary} />
        ))}
      </TilesCard>

      <HomeCharts />

      {showSignups ? (
        <TilesCard title={t('home.staff')}>
          <SignupsTile summary={summary} />
        </TilesCard>
      ) : null}

      <div className={styles.columns}>
        <TilesCard title={t('home.invoices')} link={{ to: '/invoices', label: t('home.invoicesLink') }}>
          <InvoiceStatusTile status={AWAITING_SYNC} summary={summary} />
          <InvoiceStatusTile status={INVOICE_RETRYABLE_STATUS} summary={summary} />
        </TilesCard>

        <Card compact stack title={t('home.exports')}>
          <RecentExports />
        </Card>
      </div>
    </Page>
  );
}
