import { defaultColumns } from '@timberlog/contract';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';

import type { WaybillListItem } from '@/entities/waybill';
import { useFormat } from '@/shared/lib/format';
import { Table, type TableProps } from '@/shared/ui';

import { waybillColumns } from './columns';

export type WaybillTableProps = Omit<TableProps<WaybillListItem>, 'columns' | 'getRowKey' | 'label' | 'onRowOpen'> & {
  /** The columns shown, in order (ids of the contract's LIST_COLUMNS.waybills); the list's defaults when not given. */
  readonly columnIds?: readonly string[];
  /** The server's measurement tolerance in percent (GET /api/settings), beyond which a difference is marked. */
  readonly tolerancePercent?: number | undefined;
};

const DEFAULT_COLUMNS = defaultColumns('waybills');

/**
 * The waybill list's table: a row opens its waybill, which links back to this very list view
 * (filters, sort and page) through the link's state.
 */
export const WaybillTable = memo(function WaybillTable({
  columnIds = DEFAULT_COLUMNS,
  tolerancePercent: tolerance,
  ...props
}: WaybillTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const { search } = useLocation();
  const linkState = useMemo(() => ({ listSearch: search }), [search]);
  const columns = useMemo(() => {
    const all = waybillColumns(t, format, linkState, tolerance);
    return columnIds.flatMap((id) => all.find((column) => column.id === id) ?? []);
  }, [t, format, linkState, columnIds, tolerance]);
  return (
    <Table<WaybillListItem>
      {...props}
      label={t('waybills.list.title')}
      columns={columns}
      getRowKey={(waybill) => waybill.number}
      onRowOpen={(waybill) => void navigate(`/waybills/${encodeURIComponent(waybill.number)}`, { state: linkState })}
    />
  );
});
