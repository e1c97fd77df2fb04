import type { Meta, StoryObj } from '@storybook/react';
import { WAYBILL_LIST } from '@timberlog/contract';
import { useLocation } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { useValueLabels } from '@/shared/i18n';
import { useListQuery } from '@/shared/lib/list-query';

import { ListFilters, type FilterFieldSpec } from './ListFilters';

/** The waybill list's filter bar, with the URL it writes shown under it. */
function WaybillFilters() {
  const valueLabels = useValueLabels();
  const query = useListQuery(WAYBILL_LIST);
  const location = useLocation();
  const fields: FilterFieldSpec[] = [
    { name: 'statusIn', label: 'Status', optionLabel: valueLabels.waybillStatus },
    { name: 'transportDateAfter', to: 'transportDateBefore', label: 'Transport date' },
    { name: 'origin', label: 'Origin' },
    { name: 'destination', label: 'Destination' },
    { name: 'destinationCompany', label: 'Destination company' },
    { name: 'assortment', label: 'Assortment' },
    { name: 'driverName', label: 'Driver' },
  ];
  return (
    <div style={{ minHeight: 360 }}>
      <ListFilters query={query} fields={fields} />
      <output aria-label="URL">{location.search}</output>
    </div>
  );
}

const meta = { title: 'widgets/list-filters/ListFilters', component: WaybillFilters } satisfies Meta<typeof WaybillFilters>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Active: Story = {
  parameters: {
    router: { initialPath: '/?statusIn=draft&statusIn=confirmed&transportDateAfter=2026-11-01&driverName=Jaan%20Tamm&search=spruce' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chips = within(canvas.getByRole('list', { name: 'Active filters' }));
    await expect(chips.getByText('Status: Draft')).toBeInTheDocument();
    await expect(chips.getByText('Transport date from 01/11/2026')).toBeInTheDocument();
    await userEvent.click(chips.getByRole('button', { name: 'Remove filter Status: Draft' }));
    const url = canvas.getByRole('status', { name: 'URL' });
    // The view is committed to the URL on the next render.
    await waitFor(() => expect(url).not.toHaveTextContent('statusIn=draft'));
    await expect(url).toHaveTextContent('statusIn=confirmed');
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await expect(url).toHaveTextContent(/^$/);
    await expect(canvas.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  },
};

/** Picking statuses leaves the Status field as wide as it was: the fields beside it stay put. */
export const StatusKeepsItsWidth: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const status = canvas.getByRole('combobox', { name: 'Status' });
    const field = status.parentElement as HTMLElement;
    const before = { style: field.style.width, box: field.getBoundingClientRect().width };
    await expect(before.style).not.toBe('');
    await userEvent.click(status);
    await userEvent.click(canvas.getByRole('option', { name: 'Delivered' }));
    await userEvent.click(canvas.getByRole('option', { name: 'Confirmed' }));
    await userEvent.keyboard('{Escape}');
    await expect(status).toHaveTextContent('Confirmed, Delivered');
    await expect(field.style.width).toBe(before.style);
    await expect(field.getBoundingClientRect().width).toBe(before.box);
  },
};

export const IgnoredParameters: Story = {
  parameters: { router: { initialPath: '/?statusIn=lost&pageSize=9999&colour=red' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/statusIn=lost, pageSize=9999, colour=red/)).toBeInTheDocument();
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  parameters: { router: { initialPath: '/?statusIn=delivered&createdAfter=2026-11-23' } },
};

export const Dark: Story = { globals: { theme: 'dark' }, parameters: { router: { initialPath: '/?statusIn=draft' } } };

/** A phone: the fields fold behind "Filters", which counts the active ones; search and the chips stay in view. */
export const Phone: Story = {
  parameters: { router: { initialPath: '/?statusIn=draft&driverName=Jaan%20Tamm' }, width: 412 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Filters (2)' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getByRole('searchbox', { name: 'Search' })).toBeVisible();
    await expect(within(canvas.getByRole('list', { name: 'Active filters' })).getByText('Driver: Jaan Tamm')).toBeInTheDocument();
    // Folded, the fields take no room in a browser (jsdom lays nothing out: there every size is 0).
    const driver = canvas.getByLabelText('Driver');
    await expect(driver.getBoundingClientRect().width).toBe(0);
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(driver).toBeVisible();
    await expect(canvas.getByText('More filters')).toBeVisible();
  },
};
