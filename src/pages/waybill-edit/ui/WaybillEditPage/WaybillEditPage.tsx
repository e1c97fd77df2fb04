import { isWaybillEditable } from '@timberlog/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';

import { useLastChangedBy } from '@/features/live-updates';
import { duplicateWaybillValues, WaybillForm } from '@/features/waybill/edit';
import { useGetWaybillQuery, type Waybill } from '@/entities/waybill';
import { isApiError } from '@/shared/api';
import { useValueLabels } from '@/shared/i18n';
import { notify } from '@/shared/lib';
import { Button, Card, CardSkeleton, FormAlert, MutedText, Page, PageHeader } from '@/shared/ui';

const detailPath = (number: string) => `/waybills/${encodeURIComponent(number)}`;

interface FrameProps {
  readonly title: string;
  readonly back: string;
  readonly backLabel: string;
  readonly children: ReactNode;
}

function Frame({ title, back, backLabel, children }: FrameProps) {
  return (
    <Page width="detail" labelledBy="waybill-form-title">
      <PageHeader titleId="waybill-form-title" title={title} back={{ to: back, label: backLabel }} />
      {children}
    </Page>
  );
}

/**
 * `/waybills/new`, `/waybills/new?from=<number>` (another trip like that waybill) and
 * `/waybills/:number/edit`: the waybill form, then the waybill's page.
 */
export function WaybillEditPage() {
  const { t } = useTranslation();
  const { number } = useParams();
  const [search] = useSearchParams();
  const from = search.get('from');
  const navigate = useNavigate();

  const saved = (waybill: Waybill, created: boolean) => {
    void notify(t(created ? 'waybills.created' : 'waybills.saved', { number: waybill.number }), { variant: 'success' });
    void navigate(detailPath(waybill.number));
  };

  if (number === undefined && from) return <DuplicateOf number={from} onSaved={(waybill) => saved(waybill, true)} />;
  if (number === undefined) {
    return (
      <Frame title={t('waybills.form.newTitle')} back="/waybills" backLabel={t('waybills.detail.back')}>
        <Card>
          <WaybillForm onSaved={(waybill) => saved(waybill, true)} onCancel={() => void navigate('/waybills')} />
        </Card>
      </Frame>
    );
  }
  return <EditExisting number={number} onSaved={(waybill) => saved(waybill, false)} />;
}

/** A new draft prefilled from waybill `number`: nothing is saved until the user saves. */
function DuplicateOf({ number, onSaved }: { readonly number: string; readonly onSaved: (waybill: Waybill) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: waybill, error, isLoading, isFetching, refetch } = useGetWaybillQuery(number);
  const title = t('waybills.form.duplicateTitle', { number });
  const back = detailPath(number);
  const backLabel = t('waybills.form.backToWaybill');

  if (isLoading) {
    return (
      <Frame title={title} back={back} backLabel={backLabel}>
        <MutedText aria-busy="true">{t('errors.loading')}</MutedText>
        <CardSkeleton />
      </Frame>
    );
  }
  if (!waybill) {
    const notFound = isApiError(error) && error.status === 404;
    return (
      <Frame title={notFound ? t('waybills.detail.notFoundTitle') : title} back="/waybills" backLabel={t('waybills.detail.back')}>
        {notFound ? (
          <MutedText>{t('waybills.detail.notFoundText', { number })}</MutedText>
        ) : (
          <>
            <FormAlert>{isApiError(error) ? error.message : t('errors.unexpectedError')}</FormAlert>
            <div>
              <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
                {t('waybills.retry')}
              </Button>
            </div>
          </>
        )}
      </Frame>
    );
  }
  return (
    <Frame title={title} back={back} backLabel={backLabel}>
      <MutedText>{t('waybills.form.duplicateText', { number })}</MutedText>
      <Card>
        {/* Keyed by the source: another Duplicate link starts a fresh form. */}
        <WaybillForm key={number} startFrom={duplicateWaybillValues(waybill)} onSaved={onSaved} onCancel={() => void navigate(back)} />
      </Card>
    </Frame>
  );
}

function EditExisting({ number, onSaved }: { readonly number: string; readonly onSaved: (waybill: Waybill) => void }) {
  const { t } = useTranslation();
  const valueLabels = useValueLabels();
  const navigate = useNavigate();
  // A fresh copy: editing starts from what the server has now.
  const { data: waybill, error, isLoading, isFetching, refetch } = useGetWaybillQuery(number, { refetchOnMountOrArgChange: true });
  // Who changed it while the user edits, as the live updates heard (the form names them).
  const changedBy = useLastChangedBy('waybill', number);
  const title = t('waybills.form.editTitle', { number });
  const back = detailPath(number);
  const backLabel = t('waybills.form.backToWaybill');

  if (isLoading) {
    return (
      <Frame title={title} back={back} backLabel={backLabel}>
        <MutedText aria-busy="true">{t('errors.loading')}</MutedText>
        <CardSkeleton />
      </Frame>
    );
  }
  if (!waybill) {
    const notFound = isApiError(error) && error.status === 404;
    return (
      <Frame title={notFound ? t('waybills.detail.notFoundTitle') : title} back="/waybills" backLabel={t('waybills.detail.back')}>
        {notFound ? (
          <MutedText>{t('waybills.detail.notFoundText', { number })}</MutedText>
        ) : (
          <>
            <FormAlert>{isApiError(error) ? error.message : t('errors.unexpectedError')}</FormAlert>
            <div>
              <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
                {t('waybills.retry')}
              </Button>
            </div>
          </>
        )}
      </Frame>
    );
  }
  if (!isWaybillEditable(waybill.status)) {
    return (
      <Frame title={title} back={back} backLabel={backLabel}>
        <FormAlert>{t('waybills.form.notEditable', { status: valueLabels.waybillStatus(waybill.status) })}</FormAlert>
      </Frame>
    );
  }
  return (
    <Frame title={title} back={back} backLabel={backLabel}>
      <Card>
        <WaybillForm waybill={waybill} onSaved={onSaved} onCancel={() => void navigate(back)} changedBy={changedBy} />
      </Card>
    </Frame>
  );
}
