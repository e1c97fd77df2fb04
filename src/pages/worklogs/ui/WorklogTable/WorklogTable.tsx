import { defaultColumns } from '@timberlog/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';

import { useAssortmentUnits } from '@/entities/assortment';
import type { Worklog } from '@/entities/worklog';
import { useFormat } from '@/shared/lib/format';
import { Table, type TableProps } from '@/shared/ui';

import { worklogColumns } from './columns';

export type WorklogTableProps = Omit<TableProps<Worklog>, 'columns' | 'getRowKey' | 'label' | 'onRowOpen'> & {
  /** The columns shown, in order (ids of the contract's LIST_COLUMNS.worklogs); the list's defaults when not given. */
  readonly columnIds?: readonly string[];
};

const DEFAULT_COLUMNS = defaultColumns('worklogs');

/**
 * The worklog list's table: a row opens its worklog, which links back to this very list view
 * (filters, sort and page) through the link's state.
 */
export function WorklogTable({ columnIds = DEFAULT_COLUMNS, ...props }: WorklogTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const { search } = useLocation();
  const linkState = useMemo(() => ({ listSearch: search }), [search]);
  // A worklog's quantity is in its assortment's unit, as on waybills.
  const unitOf = useAssortmentUnits();
  const columns = useMemo(() => {
    const all = worklogColumns(t, format, linkState, unitOf);
    return columnIds.flatMap((id) => all.find((column) => column.id === id) ?? []);
  }, [t, format, linkState, unitOf, columnIds]);
  return (
    <Table<Worklog>
      {...props}
      label={t('worklogs.list.title')}
      columns={columns}
      getRowKey={(worklog) => worklog.number}
      onRowOpen={(worklog) => void navigate(`/worklogs/${encodeURIComponent(worklog.number)}`, { state: linkState })}
    />
  );
}
