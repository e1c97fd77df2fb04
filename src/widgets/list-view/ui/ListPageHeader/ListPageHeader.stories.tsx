import type { Meta, StoryObj } from '@storybook/react';
import { useTranslation } from 'react-i18next';
import { expect, within } from 'storybook/test';

import { Button } from '@/shared/ui';

import { ListPageHeader } from './ListPageHeader';

/** The waybill list's header, as its page builds it. */
function WaybillListHeader({ count }: { readonly count: number | undefined }) {
  const { t } = useTranslation();
  return (
    <ListPageHeader
      title={t('waybills.list.title')}
      count={count}
      countText={(rows, formatted) => t('waybills.list.count', { count: rows, formatted })}
      actions={<Button>{t('waybills.actions.new')}</Button>}
    />
  );
}

const meta = {
  title: 'widgets/list-view/ListPageHeader',
  component: WaybillListHeader,
  args: { count: 1234 },
} satisfies Meta<typeof WaybillListHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Waybills' })).toBeInTheDocument();
    await expect(canvas.getByRole('status')).toHaveTextContent('1,234 waybills');
  },
};

/** The list is still loading: no count yet. */
export const Loading: Story = {
  args: { count: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('status')).toBeNull();
  },
};

export const One: Story = {
  args: { count: 1 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('1 waybill');
  },
};

export const Estonian: Story = { globals: { locale: 'et' } };
