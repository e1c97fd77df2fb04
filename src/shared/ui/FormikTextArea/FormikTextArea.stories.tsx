import type { Meta, StoryObj } from '@storybook/react';
import { Form, Formik } from 'formik';
import { expect, userEvent, within } from 'storybook/test';

import { FormikTextArea } from './FormikTextArea';

const LIMIT = 40;

const meta = {
  title: 'shared/ui/FormikTextArea',
  component: FormikTextArea,
  args: { label: 'Notes', name: 'notes', maxLength: LIMIT },
  render: (args) => (
    <Formik
      initialValues={{ notes: '' }}
      validate={(values) => ([...values.notes].length > LIMIT ? { notes: `Use at most ${LIMIT} characters.` } : {})}
      onSubmit={() => undefined}
    >
      <Form noValidate style={{ maxWidth: 360 }}>
        <FormikTextArea {...args} />
      </Form>
    </Formik>
  ),
} satisfies Meta<typeof FormikTextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The counter says how much of the limit is used. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(`0 / ${LIMIT}`)).toBeInTheDocument();
    await userEvent.type(canvas.getByLabelText('Notes'), 'Gate 2');
    await expect(canvas.getByText(`6 / ${LIMIT}`)).toBeInTheDocument();
  },
};

export const WithHint: Story = { args: { hint: 'Printed on the waybill.' } };

/** A pasted text longer than the limit is kept whole: the counter says by how much it is over, and the form refuses it. */
export const PastedTooLong: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const area = canvas.getByLabelText('Notes');
    await userEvent.click(area);
    await userEvent.paste('Loaded at the northern gate, bay seven, behind the kilns.');
    // Nothing was cut.
    await expect(area).toHaveValue('Loaded at the northern gate, bay seven, behind the kilns.');
    await expect(canvas.getByText(`17 characters too many: shorten the text to ${LIMIT}.`)).toBeInTheDocument();
    await expect(area).toHaveAttribute('aria-invalid', 'true');
    await userEvent.tab();
    await expect(await canvas.findByText(`Use at most ${LIMIT} characters.`)).toBeInTheDocument();
  },
};

export const Estonian: Story = {
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByLabelText('Notes'));
    await userEvent.paste('x'.repeat(LIMIT + 2));
    await expect(canvas.getByText(`2 märki liiga palju: lühenda tekst ${LIMIT} märgini.`)).toBeInTheDocument();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
