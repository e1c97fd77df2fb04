import type { Meta, StoryObj } from '@storybook/react';
import { WAYBILL_LIST } from '@timberlog/contract';
import { http, HttpResponse } from 'msw';
import { useTranslation } from 'react-i18next';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { useListWaybillsQuery, WaybillStatusBadge, type WaybillListItem, type WaybillListParams } from '@/entities/waybill';
import { useFormat } from '@/shared/lib/format';
import { useListQuery } from '@/shared/lib/list-query';
import { Button, type TableColumn } from '@/shared/ui';

import { ListView } from './ListView';

/** The kit put together over the waybill list, as a list page does (the page also passes `filterBar`). */
function WaybillList() {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useListQuery<WaybillListParams, typeof WAYBILL_LIST>(WAYBILL_LIST);
  const result = useListWaybillsQuery(query.params);
  const columns: TableColumn<WaybillListItem>[] = [
    { id: 'number', header: 'Number', cell: (row) => row.number, sortField: 'number' },
    { id: 'status', header: 'Status', cell: (row) => <WaybillStatusBadge status={row.status} />, sortField: 'status' },
    { id: 'transportDate', header: 'Transport date', cell: (row) => format.date(row.transportDate), sortField: 'transportDate' },
    { id: 'destination', header: 'Destination', cell: (row) => row.destinationName ?? row.destination, truncate: true },
    { id: 'driverName', header: 'Driver', cell: (row) => row.driverName, sortField: 'driverName' },
    { id: 'quantity', header: 'Quantity', cell: (row) => format.quantity(row.quantity, row.unit), sortField: 'quantity', numeric: true },
  ];
  return (
    <ListView<WaybillListItem>
      title={t('nav.waybills')}
      actions={<Button>New waybill</Button>}
      query={query}
      result={result}
      columns={columns}
      getRowKey={(row) => row.number}
      onRowOpen={() => undefined}
    />
  );
}

const meta = {
  title: 'widgets/list-view/ListView',
  component: WaybillList,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof WaybillList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('row').length).toBeGreaterThan(2));
    await userEvent.click(canvas.getByRole('button', { name: 'Driver' }));
    await waitFor(() => expect(canvas.getByRole('columnheader', { name: 'Driver' })).toHaveAttribute('aria-sort', 'ascending'));
  },
};

export const Empty: Story = {
  parameters: { router: { initialPath: '/?search=no-such-waybill-anywhere' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Nothing matches these filters.')).toBeInTheDocument();
  },
};

export const Error: Story = {
  parameters: {
    msw: { handlers: { waybill: [http.get('*/api/waybills/', () => HttpResponse.json({ detail: 'boom' }, { status: 500 }))] } },
  },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table');
    await expect(await within(table).findByRole('alert')).toHaveTextContent('error 500');
    await expect(within(table).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

export const Estonian: Story = { globals: { locale: 'et' } };
export const Dark: Story = { globals: { theme: 'dark' } };
