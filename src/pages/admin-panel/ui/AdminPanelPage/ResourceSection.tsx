import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { ListFilters } from '@/widgets/list-filters';
import { ListView } from '@/widgets/list-view';
import { DeleteRecordButton, ResourceFormDialog, useAdminListQuery, type AnyResourceDescription } from '@/features/admin/manage-resource';
import { formatMoney } from '@/entities/invoice';
import { notify } from '@/shared/lib';
import { useFormat } from '@/shared/lib/format';
import { useListQuery } from '@/shared/lib/list-query';
import { Button, type TableColumn } from '@/shared/ui';

import styles from './AdminPanelPage.module.css';

type Row = Record<string, unknown>;

/**
 * The one screen every reference resource shares: the list through the list kit (search, sort,
 * paging in the URL), New, Edit and Delete, all driven by the resource's description.
 */
export function ResourceSection({ description }: { readonly description: AnyResourceDescription }) {
  const { t } = useTranslation();
  const query = useListQuery<object>(description.list);
  const result = useAdminListQuery({ resource: description.resource, keyField: description.keyField, params: query.params });
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const singular = t(`${description.i18n}.singular`);
  const { locale } = useFormat();

  const cell = (value: unknown, field: string, format?: 'option' | 'money'): ReactNode => {
    if (typeof value === 'boolean') return value ? t('list.yes') : t('list.no');
    if (typeof value !== 'string' && typeof value !== 'number') return '—';
    if (String(value) === '') return '—';
    // Choices in the reader's words (Aspen, not aspen); prices in euros as on invoices.
    if (format === 'option') return t(`admin.options.${field}.${String(value)}`);
    if (format === 'money') return formatMoney(String(value), 'EUR', locale);
    return String(value);
  };
  const columns = useMemo<TableColumn<Row>[]>(
    () => [
      ...description.columns.map((column) => ({
        id: column.field,
        header: t(`${description.i18n}.fields.${column.field}`),
        cell: (row: Row) => cell(row[column.field], column.field, column.format),
        ...(column.sortField ? { sortField: column.sortField } : {}),
        ...(column.numeric ? { numeric: true } : {}),
        truncate: true,
      })),
      {
        id: 'actions',
        header: <span className={styles.visuallyHidden}>{t('admin.actions.title')}</span>,
        width: '11rem',
        cell: (row: Row) => (
          <span className={styles.rowActions}>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setEditing(row)}
              aria-label={t('admin.actions.editNamed', { name: String(row.name ?? row[description.keyField]) })}
            >
              {t('admin.actions.edit')}
            </Button>
            <DeleteRecordButton description={description} item={row} />
          </span>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `cell` only reads `t` and the locale
    [description, t, locale],
  );

  // The record being edited as the list has it now: a colleague's save (heard by the list) moves
  // the open form on, or tells the user while they edit.
  const editingNow =
    editing && (result.data?.results.find((row) => row[description.keyField] === editing[description.keyField]) ?? editing);

  return (
    <>
      <ListView<Row>
        title={t(`${description.i18n}.title`)}
        actions={<Button onClick={() => setEditing(null)}>{t('admin.form.newTitle', { name: singular })}</Button>}
        query={query}
        result={result}
        filterBar={<ListFilters query={query} fields={[]} />}
        columns={columns}
        getRowKey={(row) => String(row[description.keyField])}
        getRowLabel={(row) => String(row.name ?? row[description.keyField])}
        onRowOpen={(row) => setEditing(row)}
        emptyMessage={t('admin.empty')}
      />
      {editing !== undefined ? (
        <ResourceFormDialog
          key={editing === null ? 'new' : String(editing[description.keyField])}
          description={description}
          item={editingNow ?? undefined}
          open
          onOpenChange={(open) => !open && setEditing(undefined)}
          onSaved={() => {
            void notify(t(editing ? 'admin.saved' : 'admin.created', { name: singular }), { variant: 'success' });
            setEditing(undefined);
          }}
        />
      ) : null}
    </>
  );
}
