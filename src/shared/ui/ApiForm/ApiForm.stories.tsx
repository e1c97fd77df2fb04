import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { draftKey, readDraft, writeDraft } from '../../lib/form';
import { FormikTextField } from '../FormikTextField/FormikTextField';

import { ApiForm, SubmitButton, type ApiFormProps } from './ApiForm';

interface Values {
  driverName: string;
  vehicleNumber: string;
}

type Request = ApiFormProps<Values, unknown>['request'];

/** A refused save as RTK Query's `unwrap()` rejects with it. */
const refuse =
  (data: unknown, status = 400): Request =>
  () =>
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    Promise.reject({ status, data });

function DemoForm({ request, localDraft }: { readonly request: Request; readonly localDraft?: string }) {
  return (
    <ApiForm<Values, unknown>
      initialValues={{ driverName: '', vehicleNumber: '' }}
      label="Transport"
      request={request}
      localDraft={localDraft}
      onSuccess={(_result, _values, form) => form.setStatus({ formSuccess: 'Saved.' })}
    >
      <div style={{ display: 'grid', gap: 16, maxWidth: 320 }}>
        <FormikTextField label="Driver name" name="driverName" />
        <FormikTextField label="Vehicle number" name="vehicleNumber" />
        <SubmitButton submitting="Saving…">Save</SubmitButton>
      </div>
    </ApiForm>
  );
}

const saves: Request = () => Promise.resolve({});

const meta = {
  title: 'shared/ui/ApiForm',
  component: DemoForm,
  args: { request: saves },
} satisfies Meta<typeof DemoForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const fillAndSave = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText('Driver name'), 'Jaan Tamm');
  await userEvent.type(canvas.getByLabelText('Vehicle number'), '123 ABC');
  await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
  return canvas;
};

export const Default: Story = {};

export const Saved: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await fillAndSave(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Saved.');
  },
};

/** Field errors on their fields, the rest at the top; what was typed stays. */
export const ServerErrors: Story = {
  args: { request: refuse({ nonFieldErrors: ['The vehicle is on another transport today.'], driverName: ['Unknown driver.'] }) },
  play: async ({ canvasElement }) => {
    const canvas = await fillAndSave(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The vehicle is on another transport today.');
    await expect(canvas.getByLabelText('Driver name')).toHaveAccessibleDescription('Unknown driver.');
    // Item 6: focus moves to the first field in error.
    await waitFor(() => expect(canvas.getByLabelText('Driver name')).toHaveFocus());
    await expect(canvas.getByLabelText('Driver name')).toHaveValue('Jaan Tamm');
    await expect(canvas.getByLabelText('Vehicle number')).toHaveValue('123 ABC');
  },
};

export const ServerError: Story = {
  args: { request: refuse(null, 503) },
  play: async ({ canvasElement }) => {
    const canvas = await fillAndSave(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Something went wrong (error 503). Please try again.');
  },
};

/** The save is under way: the button is disabled and says so. */
export const Submitting: Story = {
  args: { request: (() => new Promise(() => undefined)) satisfies Request },
  play: async ({ canvasElement }) => {
    const canvas = await fillAndSave(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Saving…' })).toBeDisabled();
  },
};

export const Dark: Story = { globals: { theme: 'dark' }, play: ServerErrors.play, args: ServerErrors.args };

const DRAFT = draftKey('story', 'transport:new');
/** A draft of this form kept from before (a reload, a closed tab), 20 minutes old. */
const keepDraft = () => {
  writeDraft(DRAFT, {
    values: { driverName: 'Mari Maasikas', vehicleNumber: '555 KKK' },
    version: null,
    savedAt: Date.now() - 20 * 60_000,
  });
  return () => localStorage.removeItem(DRAFT);
};

/** Unsaved work kept from before is offered back: Restore puts it in the fields. */
export const DraftOffered: Story = {
  args: { localDraft: DRAFT },
  beforeEach: keepDraft,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/This form has changes from .* that were not saved/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Restore' }));
    await expect(canvas.getByLabelText('Driver name')).toHaveValue('Mari Maasikas');
    await expect(canvas.getByLabelText('Vehicle number')).toHaveValue('555 KKK');
    await expect(canvas.queryByRole('button', { name: 'Restore' })).toBeNull();
  },
};

/** Discard forgets the kept draft; typing keeps a new one; saving removes it. */
export const DraftDiscardedThenKeptAndSaved: Story = {
  args: { localDraft: DRAFT },
  beforeEach: keepDraft,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Discard' }));
    await expect(readDraft(DRAFT)).toBeNull();
    await expect(canvas.getByLabelText('Driver name')).toHaveValue('');
    await userEvent.type(canvas.getByLabelText('Driver name'), 'Jaan Tamm');
    await waitFor(() => expect(readDraft<Values>(DRAFT)?.values.driverName).toBe('Jaan Tamm'));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('Saved.');
    await expect(readDraft(DRAFT)).toBeNull();
  },
};

export const DraftOfferedEstonian: Story = { ...DraftOffered, globals: { locale: 'et' }, play: undefined };
