import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';

import { Badge } from '../Badge/Badge';
import { Button } from '../Button/Button';

import { Card, DetailFields, MutedText, Page, PAGE_WIDTHS, PageHeader, type DetailField, type PageWidth } from './PageLayout';
import { RecordPageFallback } from './RecordPageFallback';

const fields: DetailField[] = [
  { key: 'number', label: 'Number', value: 'W-2026-000042' },
  { key: 'transportDate', label: 'Transport date', value: '23/11/2026' },
  {
    key: 'origin',
    label: 'Origin',
    value: (
      <>
        <a href="#origin">Tartu yard</a> TRT-O
      </>
    ),
  },
  { key: 'driver', label: 'Driver', value: 'Peeter Kask' },
  { key: 'quantity', label: 'Quantity', value: '27.350 m³' },
  { key: 'notes', label: 'Notes', value: 'Two loads. '.repeat(12), wide: true },
];

interface DemoProps {
  readonly width: PageWidth;
}

/** A record's page as the detail pages build it: back link, title with badge and actions, a card of fields. */
function RecordDemo({ width }: DemoProps) {
  return (
    <Page width={width} labelledBy="demo-title">
      <PageHeader
        titleId="demo-title"
        title="Waybill W-2026-000042"
        back={{ to: '/waybills', label: 'Back to waybills' }}
        badge={<Badge tone="neutral">Draft</Badge>}
        actionsLabel="Waybill actions"
        actions={
          <>
            <Button variant="secondary" to="/waybills/W-2026-000042/edit">
              Edit
            </Button>
            <Button>Confirm</Button>
            <Button variant="danger">Delete</Button>
          </>
        }
      />
      <Card>
        <DetailFields fields={fields} />
      </Card>
      <Card title="Lines" compact>
        <MutedText>No lines yet.</MutedText>
      </Card>
    </Page>
  );
}

const meta = {
  title: 'shared/ui/PageLayout',
  component: RecordDemo,
  parameters: { layout: 'fullscreen' },
  args: { width: 'detail' },
  argTypes: { width: { control: 'inline-radio', options: PAGE_WIDTHS } },
} satisfies Meta<typeof RecordDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Waybill W-2026-000042' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Back to waybills' })).toHaveAttribute('href', '/waybills');
    const actions = within(canvas.getByRole('group', { name: 'Waybill actions' }));
    await expect(actions.getAllByRole('button')).toHaveLength(2);
    await expect(canvas.getAllByRole('term')).toHaveLength(fields.length);
    await expect(canvas.getByText('Transport date').tagName).toBe('DT');
    await expect(canvas.getByRole('region', { name: 'Lines' })).toContainElement(canvas.getByText('No lines yet.'));
  },
};

export const Narrow: Story = {
  args: { width: 'narrow' },
  render: () => (
    <Page width="narrow" labelledBy="account-title">
      <PageHeader
        titleId="account-title"
        title="Mari Maasikas"
        back={{ to: '/users', label: 'Back to users' }}
        actions={<Button variant="danger">Delete user</Button>}
      />
      <MutedText>This is your own account.</MutedText>
      <Card>
        <DetailFields
          compact
          fields={[
            { key: 'email', label: 'Email', value: 'mari@timberlog.ee' },
            { key: 'isActive', label: 'Active', value: <Badge tone="success">Active</Badge> },
            { key: 'isStaff', label: 'Staff', value: 'Yes' },
            { key: 'dateJoined', label: 'Joined', value: '05/01/2026, 08:00' },
          ]}
        />
      </Card>
      <Card title="Edit user">
        <MutedText>The form goes here.</MutedText>
      </Card>
    </Page>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Without a label the actions are not a named group.
    await expect(canvas.queryByRole('group')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Delete user' })).toBeInTheDocument();
    await expect(canvas.getByRole('region', { name: 'Edit user' })).toBeInTheDocument();
  },
};

export const List: Story = {
  args: { width: 'list' },
  render: () => (
    <Page width="list" labelledBy="list-title">
      <PageHeader
        titleId="list-title"
        title="Waybills"
        count="1,284 waybills"
        actions={
          <>
            <Button variant="secondary">Export report</Button>
            <Button to="/waybills/new">New waybill</Button>
          </>
        }
      />
      <MutedText small>The filters and the table go here.</MutedText>
    </Page>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Waybills' })).toBeInTheDocument();
    // The count is a live region: a screen reader hears it change with the filters.
    await expect(canvas.getByRole('status')).toHaveTextContent('1,284 waybills');
    await expect(canvas.queryByRole('link', { name: /back/i })).toBeNull();
  },
};

const fallback = {
  titleId: 'record-title',
  back: { to: '/waybills', label: 'Back to waybills' },
  title: 'Waybill W-2026-000042',
  loading: false,
  notFound: null,
  failure: 'Something went wrong (error 500). Please try again.',
  retryLabel: 'Retry',
  onRetry: () => undefined,
  retrying: false,
} as const;

/** A record page while its record loads (RecordPageFallback, as every record page shows it). */
export const Loading: Story = {
  render: () => <RecordPageFallback {...fallback} loading />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Waybill W-2026-000042' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByText('Loading…')).toBeInTheDocument();
  },
};

export const Error: Story = {
  render: () => <RecordPageFallback {...fallback} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('error 500');
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeEnabled();
  },
};

export const NotFound: Story = {
  render: () => <RecordPageFallback {...fallback} notFound={{ title: 'Waybill not found', text: 'There is no waybill W-2026-000042.' }} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Waybill not found' })).toBeInTheDocument();
    await expect(canvas.getByText('There is no waybill W-2026-000042.')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Retry' })).toBeNull();
  },
};

export const LongTitle: Story = {
  render: () => (
    <Page width="narrow" labelledBy="long-title">
      <PageHeader
        titleId="long-title"
        title="Lõuna-Eesti Puidutööstuse ja Metsamajanduse Aktsiaseltsi-pikk-nimi-ilma-tühikuteta"
        badge={<Badge tone="info">Awaiting sync</Badge>}
        actions={<Button variant="secondary">Edit</Button>}
      />
      <Card>
        <DetailFields fields={fields} minColumnWidth="15rem" />
      </Card>
    </Page>
  ),
};

/** Cards of several small parts, with a link or a count beside the heading (the home page, the invoice draft). */
export const CardOptions: Story = {
  args: { width: 'wide' },
  render: () => (
    <Page width="wide" labelledBy="options-title">
      <PageHeader titleId="options-title" title="Overview" />
      <Card compact stack title="Waybills" aside={<a href="#waybills">All waybills</a>}>
        <MutedText small>Counts by status go here.</MutedText>
        <MutedText small>One gap under the heading, and one between the parts.</MutedText>
      </Card>
      <Card compact stack busy title="Preview" aside={<MutedText small>3 selected</MutedText>}>
        <MutedText small>Loading the preview…</MutedText>
      </Card>
      <Card>
        <DetailFields fields={fields} minColumnWidth="15rem" largeValues />
      </Card>
    </Page>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const waybills = canvas.getByRole('region', { name: 'Waybills' });
    await expect(within(waybills).getByRole('link', { name: 'All waybills' })).toBeInTheDocument();
    await expect(canvas.getByRole('region', { name: 'Preview' })).toHaveAttribute('aria-busy', 'true');
    await expect(waybills).not.toHaveAttribute('aria-busy');
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
