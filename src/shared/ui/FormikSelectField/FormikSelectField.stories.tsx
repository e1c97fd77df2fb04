import type { Meta, StoryObj } from '@storybook/react';
import { Form, Formik } from 'formik';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { FormikSelectField } from './FormikSelectField';

const meta = {
  title: 'shared/ui/FormikSelectField',
  component: FormikSelectField,
  args: {
    label: 'Holding basis',
    name: 'basis',
    options: [
      { value: '', label: 'Not chosen yet' },
      { value: 'ForestNotice', label: 'Forest notification' },
      { value: 'SalesContract', label: 'Sales contract' },
    ],
  },
  render: (args) => (
    <Formik
      initialValues={{ basis: '' }}
      validate={(values) => (values.basis === '' ? { basis: 'This field is required.' } : {})}
      onSubmit={() => undefined}
    >
      <Form noValidate style={{ maxWidth: 320 }}>
        <FormikSelectField {...args} />
      </Form>
    </Formik>
  ),
} satisfies Meta<typeof FormikSelectField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithHint: Story = { args: { hint: 'As the forest register has it.' } };

/**
 * A choice is the field's value. Visiting and leaving it says nothing yet (`useShownError`'s rule);
 * choosing and going back to none shows the error, and a choice clears it.
 */
export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const select = canvas.getByLabelText('Holding basis');
    await userEvent.click(select);
    await userEvent.tab();
    await expect(canvas.queryByText('This field is required.')).toBeNull();
    await userEvent.selectOptions(select, 'SalesContract');
    await userEvent.selectOptions(select, '');
    await userEvent.tab();
    await expect(await canvas.findByText('This field is required.')).toBeInTheDocument();
    await expect(select).toHaveAttribute('aria-invalid', 'true');
    await userEvent.selectOptions(select, 'SalesContract');
    await expect(select).toHaveValue('SalesContract');
    await waitFor(() => expect(canvas.queryByText('This field is required.')).toBeNull());
  },
};
