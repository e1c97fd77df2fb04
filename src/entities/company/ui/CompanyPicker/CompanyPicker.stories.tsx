import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';

import { CompanyPicker, type CompanyPickerProps } from './CompanyPicker';

function Demo(props: Partial<CompanyPickerProps>) {
  const [value, setValue] = useState<string[]>([...(props.value ?? [])]);
  return (
    <div style={{ minHeight: 320, maxWidth: 360 }}>
      <CompanyPicker label="Company" multiple {...props} value={value} onChange={setValue} />
      <output aria-label="Chosen">{value.join(',')}</output>
    </div>
  );
}

const meta = { title: 'entities/company/CompanyPicker', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opening the list searches the server's first 20; picking adds a removable tag. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Company' }));
    const [first] = await canvas.findAllByRole('option');
    await userEvent.click(first as HTMLElement);
    await expect(canvas.getByRole('status', { name: 'Chosen' })).not.toHaveTextContent(/^$/);
    await expect(canvas.getAllByRole('button', { name: /^Remove / })).toHaveLength(1);
  },
};

export const Estonian: Story = { globals: { locale: 'et' } };
export const Dark: Story = { globals: { theme: 'dark' } };
