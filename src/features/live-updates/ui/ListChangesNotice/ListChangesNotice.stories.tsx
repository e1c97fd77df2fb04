import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';

import { forgetChanges, noteChange } from '../../model/liveState';

import { ListChangesNotice, type ListChangesNoticeProps } from './ListChangesNotice';

/** The notice over a list loaded a minute ago, after the stream heard of `changes` records. */
function Heard({ entity, changes }: { readonly entity: ListChangesNoticeProps['entity']; readonly changes: number }) {
  const [since] = useState(() => {
    forgetChanges();
    const loaded = Date.now() - 60_000;
    for (let index = 0; index < changes; index += 1) noteChange(entity, `W-2026-00000${index}`, 2, 'Mari Mets', loaded + 1000 + index);
    return loaded;
  });
  return (
    <>
      <p>{changes === 0 ? 'Nothing changed since the list was loaded.' : `The stream heard of ${changes} since the list was loaded.`}</p>
      <ListChangesNotice entity={entity} since={since} />
    </>
  );
}

const meta = {
  title: 'features/live-updates/ListChangesNotice',
  component: Heard,
  args: { entity: 'waybill', changes: 3 },
} satisfies Meta<typeof Heard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Changed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('3 waybills changed or added');
    await expect(canvas.getByRole('button', { name: 'Show' })).toBeEnabled();
  },
};

export const OneInvoice: Story = {
  args: { entity: 'invoice', changes: 1 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('1 invoice changed or added');
  },
};

/** Nothing new since the list was loaded: an empty live region, nothing on screen. */
export const Nothing: Story = {
  args: { changes: 0 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
  },
};

/** "Show" asks for the list again (the page's list then counts from its new load). */
export const Show: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show' }));
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('3 saatelehte muutus või lisandus');
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
