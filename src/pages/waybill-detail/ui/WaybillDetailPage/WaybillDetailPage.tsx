import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';

import { EvrPanel } from '@/features/waybill/evr-exchange';
import { DocumentActions } from '@/features/document-actions';
import { DeleteWaybillButton } from '@/features/waybill/delete';
import { duplicateWaybillPath } from '@/features/waybill/edit';
import { WaybillStatusActions, waybillActions } from '@/features/waybill/change-status';
import { RecordHistory, type HistoryField } from '@/entities/history';
import { useGetSettingsQuery } from '@/entities/settings';
import { useCurrentUser } from '@/entities/user';
import { EvrChecklist, useGetWaybillQuery, WaybillDetails, WaybillStatusBadge, waybillFieldLabel } from '@/entities/waybill';
import { isApiError } from '@/shared/api';
import { useValueLabels } from '@/shared/i18n';
import { useFormat } from '@/shared/lib/format';
import { Button, Card, FormAlert, Page, PageHeader, RecordPageFallback } from '@/shared/ui';

import { actionErrorText } from '../../lib/actionErrorText';

/** Where "Back to waybills" goes: the list view the user came from, if they came from one. */
const listLink = (state: unknown): string => {
  const search = (state as { listSearch?: unknown } | null)?.listSearch;
  return typeof search === 'string' ? `/waybills${search}` : '/waybills';
};

/** One waybill: every field, its related records as links, and the actions its status allows. */
export function WaybillDetailPage() {
  const { t } = useTranslation();
  const valueLabels = useValueLabels();
  // Staff also correct a delivered waybill (back to confirmed, with a reason).
  const isStaff = useCurrentUser(true)?.isStaff === true;
  const { number = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { data: waybill, error, isLoading, isFetching, refetch } = useGetWaybillQuery(number);
  // Whether this server sends waybills to EVR: the EVR panel says so rather than promise a sending.
  const settings = useGetSettingsQuery();
  const [actionError, setActionError] = useState<string | null>(null);
  const showError = (failure: unknown) => setActionError(failure === null ? null : actionErrorText(failure, t));
  const back = listLink(location.state);
  const format = useFormat();
  const unit = waybill?.unit;
  // The history's values as this page shows them: statuses translated, dates and quantities formatted.
  const historyFields = useMemo<Record<string, HistoryField>>(() => {
    const label = (field: string) => waybillFieldLabel(t, field);
    const plain = ['origin', 'destination', 'destinationCompany', 'driverName', 'vehicleNumber', 'assortment', 'invoice', 'notes'];
    // The EVR fields (migration 035), shown as the server records them.
    const evr = [
      'ownerCompany',
      'ownerPersonName',
      'ownerPersonCode',
      'transporterCompany',
      'driverIdCode',
      'driverPhone',
      'trailerNumber',
      'cadastralNumber',
      'compartment',
      'forestAllocationNumber',
      'forestNotificationNumber',
      'contractNumber',
      'previousOwnerName',
      'previousOwnerCode',
      'previousOwnerAddress',
      'certificateClaims',
      'eudrReferenceNumber',
      'eudrVerificationNumber',
    ];
    return {
      ...Object.fromEntries([...plain, ...evr].map((field) => [field, { label: label(field) }])),
      holdingBasisType: { label: label('holdingBasisType'), format: valueLabels.holdingBasis },
      departureTime: { label: label('departureTime'), format: (value) => format.dateTime(value) },
      contractDate: { label: label('contractDate'), format: (value) => format.date(value) },
      grossMass: { label: label('grossMass'), format: (value) => format.quantity(value, 't') },
      evrNumber: { label: label('evr') },
      status: { label: label('status'), format: valueLabels.waybillStatus },
      transportDate: { label: label('transportDate'), format: (value) => format.date(value) },
      quantity: { label: label('quantity'), format: (value) => format.quantity(value, unit) },
      mileage: { label: label('mileage'), format: (value) => format.number(value) },
    };
  }, [t, format, unit, valueLabels]);

  const header = { titleId: 'waybill-title', back: { to: back, label: t('waybills.detail.back') } };

  if (isLoading || !waybill) {
    const notFound = isApiError(error) && error.status === 404;
    return (
      <RecordPageFallback
        {...header}
        title={t('waybills.detail.title', { number })}
        loading={isLoading}
        notFound={notFound ? { title: t('waybills.detail.notFoundTitle'), text: t('waybills.detail.notFoundText', { number }) } : null}
        failure={isApiError(error) ? error.message : t('errors.unexpectedError')}
        retryLabel={t('waybills.retry')}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }

  const { canEdit, canDelete } = waybillActions(waybill.status);

  return (
    <Page width="detail" labelledBy="waybill-title">
      <PageHeader
        {...header}
        title={t('waybills.detail.title', { number: waybill.number })}
        badge={<WaybillStatusBadge status={waybill.status} />}
        actionsLabel={t('waybills.detail.actions')}
        actions={
          <>
            {canEdit ? (
              <Button variant="secondary" to={`/waybills/${encodeURIComponent(waybill.number)}/edit`}>
                {t('waybills.actions.edit')}
              </Button>
            ) : null}
            <Button variant="secondary" to={duplicateWaybillPath(waybill.number)} title={t('waybills.actions.duplicateHint')}>
              {t('waybills.actions.duplicate')}
            </Button>
            <WaybillStatusActions waybill={waybill} isStaff={isStaff} onError={showError} />
            {canDelete ? <DeleteWaybillButton waybill={waybill} onDeleted={() => void navigate(back)} /> : null}
          </>
        }
      />
      {actionError ? <FormAlert>{actionError}</FormAlert> : null}
      <DocumentActions record="waybills" number={waybill.number} />
      {waybill.status === 'draft' ? (
        <Card>
          <EvrChecklist waybill={waybill} />
        </Card>
      ) : null}
      <Card>
        <EvrPanel waybill={waybill} connected={settings.data?.evrConnected ?? true} tolerancePercent={settings.data?.evrTolerancePercent} />
      </Card>
      <Card>
        <WaybillDetails waybill={waybill} />
      </Card>
      <Card>
        <RecordHistory entity="waybill" recordKey={waybill.number} fields={historyFields} />
      </Card>
    </Page>
  );
}
