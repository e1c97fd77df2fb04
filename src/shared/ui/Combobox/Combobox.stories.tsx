import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { expectSameLookAsTextField } from '../TextField/fieldLook';
import { TextField } from '../TextField/TextField';

import { Combobox, type ComboboxOption, type ComboboxProps } from './Combobox';

const COMPANIES: ComboboxOption[] = [
  { value: '10000001', label: 'Metsamees OÜ', description: '10000001' },
  { value: '10000002', label: 'Saeveski AS', description: '10000002' },
  { value: '10000003', label: 'Pärnu Sadam AS', description: '10000003' },
  { value: '10000004', label: 'Lõuna-Eesti Metsamaterjali Vahendus ja Transport Osaühing', description: '10000004' },
];

type DemoProps = Partial<ComboboxProps> & {
  readonly initial?: ComboboxOption[];
  /** When the answer to a search for the text arrives, as a server's would (at once without it). */
  readonly answered?: (text: string) => Promise<void>;
};

/**
 * A picker over a fixed list, searched the way the server searches (substring, case-insensitive);
 * loading while the last text searched for has no answer yet, as the app's pickers pass it.
 */
function Demo({ initial = [], answered, loading = false, ...props }: DemoProps) {
  const [selected, setSelected] = useState<ComboboxOption[]>(initial);
  // The text searched for last, and the one whose answer is shown.
  const [asked, setAsked] = useState('');
  const [text, setText] = useState('');
  const items = COMPANIES.filter((company) => company.label.toLowerCase().includes(text.toLowerCase()));
  const search = (typed: string) => {
    setAsked(typed);
    if (answered) void answered(typed).then(() => setText(typed));
    else setText(typed);
  };
  return (
    <div style={{ minHeight: 300, maxWidth: 320 }}>
      <Combobox
        label="Company"
        items={items}
        loading={loading || asked !== text}
        {...props}
        selected={selected}
        onChange={setSelected}
        onSearch={search}
      />
      <output>{selected.map((option) => option.value).join(',')}</output>
    </div>
  );
}

const meta = { title: 'shared/ui/Combobox', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: 'Company' });
    await userEvent.type(input, 'saev');
    await waitFor(() => expect(canvas.getAllByRole('option')).toHaveLength(1));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(canvas.getByRole('status')).toHaveTextContent('10000002');
    await expect(canvas.getByRole('button', { name: 'Remove Saeveski AS' })).toBeInTheDocument();
  },
};

/**
 * Item 8: a single picker shows its value as the box's text, like a select, not as a chip; with the
 * focus the box holds only the search (the value as its placeholder), so typed text never sits beside it.
 */
export const SingleValueAsText: Story = {
  args: { initial: [COMPANIES[1] as ComboboxOption] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: 'Company' });
    await expect(input).toHaveValue('Saeveski AS');
    await userEvent.click(input);
    await expect(input).toHaveValue('');
    await expect(input).toHaveAttribute('placeholder', 'Saeveski AS');
    await userEvent.keyboard('Metsame');
    await expect(input).toHaveValue('Metsame');
    await waitFor(() => expect(canvas.getAllByRole('option')).toHaveLength(1));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(canvas.getByRole('status')).toHaveTextContent(/^10000001$/);
    await userEvent.tab();
    await expect(input).toHaveValue('Metsamees OÜ');
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Metsamees OÜ' }));
    await expect(input).toHaveValue('');
  },
};

export const Multiple: Story = {
  args: { multiple: true, initial: [COMPANIES[0] as ComboboxOption] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: 'Company' });
    await userEvent.click(input);
    await userEvent.click(await canvas.findByRole('option', { name: /Pärnu Sadam AS/ }));
    await expect(canvas.getByRole('status')).toHaveTextContent('10000001,10000003');
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Metsamees OÜ' }));
    await expect(canvas.getByRole('status')).toHaveTextContent(/^10000003$/);
  },
};

/** In a form beside a text field, the picker's label and box look the same as the field's. */
export const BesideATextField: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16, alignItems: 'start', maxWidth: 640 }}>
      <TextField label="Driver name" name="driverName" defaultValue="Jaan Tamm" />
      <Demo {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: 'Company' });
    const textInput = canvas.getByRole('textbox', { name: 'Driver name' });
    await expectSameLookAsTextField(
      { label: canvas.getByText('Company', { selector: 'label' }), box: input.parentElement as HTMLElement, text: input },
      { label: canvas.getByText('Driver name', { selector: 'label' }), box: textInput, text: textInput },
    );
  },
};

/** The answer to the typed text's search in TypedNotYetSearched: held until its play function lets it arrive. */
let typedSearch: { asked: string | null; readonly arrive: () => void; readonly answer: Promise<void> };
const holdTypedSearch = () => {
  let arrive: () => void = () => undefined;
  const answer = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  typedSearch = { asked: null, arrive, answer };
};

/**
 * Until the typed text has been searched for and answered, the list offers nothing (it says it is
 * searching): the items shown would answer an earlier text, and Enter would pick one that does not
 * match. Enter then picks nothing and the typed text stays; its answer offers the one match.
 */
export const TypedNotYetSearched: Story = {
  beforeEach: holdTypedSearch,
  args: {
    // The list's opening (no text) is answered at once; the typed text's answer is held.
    answered: (text) => {
      if (!text) return Promise.resolve();
      typedSearch.asked = text;
      return typedSearch.answer;
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: 'Company' });
    await userEvent.click(input);
    await waitFor(() => expect(canvas.getAllByRole('option')).toHaveLength(COMPANIES.length));
    // Typed: not yet searched for (the picker waits 300 ms after the last key), or not yet answered.
    await userEvent.keyboard('pärnu{ArrowDown}{Enter}');
    await expect(canvas.queryAllByRole('option')).toHaveLength(0);
    await expect(canvas.getByText('Searching…')).toBeInTheDocument();
    await expect(canvasElement.querySelector('output')).toHaveTextContent(/^$/);
    await expect(input).toHaveValue('pärnu');
    // Searched for for certain, still not answered: Enter again picks nothing.
    await waitFor(() => expect(typedSearch.asked).toBe('pärnu'));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(canvas.queryAllByRole('option')).toHaveLength(0);
    await expect(canvas.getByText('Searching…')).toBeInTheDocument();
    await expect(canvasElement.querySelector('output')).toHaveTextContent(/^$/);
    await expect(input).toHaveValue('pärnu');
    typedSearch.arrive();
    await waitFor(() => expect(canvas.getAllByRole('option')).toHaveLength(1));
    await expect(canvas.getByRole('option')).toHaveTextContent('Pärnu Sadam AS');
  },
};

export const Loading: Story = { args: { loading: true, items: [] } };
export const Empty: Story = { args: { items: [] } };
export const LongValues: Story = { args: { multiple: true, initial: [COMPANIES[3] as ComboboxOption, COMPANIES[2] as ComboboxOption] } };
export const WithError: Story = { args: { error: 'Choose a company.' } };
export const Estonian: Story = { globals: { locale: 'et' }, args: { loading: true } };
export const Dark: Story = { globals: { theme: 'dark' }, args: { initial: [COMPANIES[1] as ComboboxOption] } };
