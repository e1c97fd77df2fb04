import type { Meta, StoryObj } from '@storybook/react';
import { Form, Formik } from 'formik';
import { expect, userEvent, within } from 'storybook/test';

import { FormikTextField } from './FormikTextField';

const meta = {
  title: 'shared/ui/FormikTextField',
  component: FormikTextField,
  args: { label: 'Driver name', name: 'driverName' },
  render: (args) => (
    <Formik
      initialValues={{ driverName: '' }}
      validate={(values) => (values.driverName.trim() === '' ? { driverName: 'This field is required.' } : {})}
      onSubmit={() => undefined}
    >
      <Form noValidate style={{ maxWidth: 320 }}>
        <FormikTextField {...args} />
      </Form>
    </Formik>
  ),
} satisfies Meta<typeof FormikTextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithHint: Story = { args: { hint: 'As printed on the driving licence.' } };

/**
 * The error appears only once the field was changed and left empty: visiting and leaving it says
 * nothing yet (`useShownError`'s rule).
 */
export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Driver name');
    await userEvent.click(input);
    await userEvent.tab();
    await expect(canvas.queryByText('This field is required.')).toBeNull();
    await userEvent.type(input, 'M');
    await userEvent.clear(input);
    await userEvent.tab();
    await expect(await canvas.findByText('This field is required.')).toBeInTheDocument();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
