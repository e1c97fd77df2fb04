import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';

import { Pagination, type PaginationProps } from './Pagination';

function Demo(props: Partial<PaginationProps>) {
  const [pageNumber, setPageNumber] = useState(props.pageNumber ?? 1);
  const [pageSize, setPageSize] = useState(props.pageSize ?? 25);
  return (
    <Pagination
      total={2000}
      {...props}
      pageNumber={pageNumber}
      pageSize={pageSize}
      onPageChange={setPageNumber}
      onPageSizeChange={(size) => {
        setPageSize(size);
        setPageNumber(1);
      }}
    />
  );
}

const meta = { title: 'shared/ui/Pagination', component: Demo } satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('1–25 of 2,000')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Last page' }));
    await expect(canvas.getByText('1,976–2,000 of 2,000')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.selectOptions(canvas.getByLabelText('Rows per page'), '100');
    await expect(canvas.getByText('1–100 of 2,000')).toBeInTheDocument();
  },
};

export const Loading: Story = { args: { total: undefined } };
export const Empty: Story = { args: { total: 0 } };
export const OnePage: Story = { args: { total: 7 } };
export const ManyPages: Story = { args: { total: 1234567, pageNumber: 4000, pageSize: 100 } };
export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('1–25 / 2000')).toBeInTheDocument();
  },
};
export const Dark: Story = { globals: { theme: 'dark' }, args: { pageNumber: 3 } };
