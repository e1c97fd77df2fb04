import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, within } from 'storybook/test';

import { BarList } from './BarList';
import { ChartFigure } from './ChartFigure';

const items = [
  { key: 'a', label: 'Pärnu sadam', value: 42, valueLabel: '42 loads' },
  { key: 'b', label: 'Imavere saeveski', value: 31, valueLabel: '31 loads' },
];

const meta = {
  title: 'shared/ui/ChartFigure',
  component: ChartFigure,
  args: {
    caption: 'Top destinations, November 2026',
    legend: [{ key: 'loads', label: 'Loads', color: 'var(--color-chart-1)' }],
    chart: <BarList items={items} />,
    table: (
      <table>
        <thead>
          <tr>
            <th scope="col">Destination</th>
            <th scope="col">Loads</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.key}>
              <th scope="row">{item.label}</th>
              <td>{item.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    ),
    showTableLabel: 'Show as a table',
    hideTableLabel: 'Hide the table',
  },
  parameters: { width: 420 },
} satisfies Meta<typeof ChartFigure>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A figure named by its caption; the table is there for screen readers, and shown on request. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('figure', { name: 'Top destinations, November 2026' })).toBeInTheDocument();
    await expect(canvas.getByRole('table')).toBeInTheDocument();
    const toggle = canvas.getByRole('button', { name: 'Show as a table' });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle).toHaveTextContent('Hide the table');
  },
};

export const Estonian: Story = {
  args: { caption: 'Suurimad sihtkohad, november 2026', showTableLabel: 'Näita tabelina', hideTableLabel: 'Peida tabel' },
  globals: { locale: 'et' },
};

export const Dark: Story = { globals: { theme: 'dark' } };
