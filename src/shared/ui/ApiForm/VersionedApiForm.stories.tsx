import { versionConflictDetail } from '@timberlog/contract';
import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { Button } from '../Button/Button';
import { FormikTextField } from '../FormikTextField/FormikTextField';

import { ApiForm, SubmitButton } from './ApiForm';

interface Transport {
  readonly driverName: string;
  readonly vehicleNumber: string;
  readonly version: number;
}
type Values = Omit<Transport, 'version'>;

const toValues = ({ driverName, vehicleNumber }: Transport): Values => ({ driverName, vehicleNumber });
const labels = { driverName: 'Driver name', vehicleNumber: 'Vehicle number' };

/**
 * A record on a pretend server that keeps versions as the API does: a save whose version is not
 * the server's is refused with 412, who changed it and the record as it is now.
 */
function VersionedDemo({
  otherSaveFirst = false,
  otherSaveWhileEditing = false,
}: {
  otherSaveFirst?: boolean;
  otherSaveWhileEditing?: boolean;
}) {
  const read: Transport = { driverName: 'Jaan Tamm', vehicleNumber: '123 ABC', version: 3 };
  // What the server holds; the page's copy (`record`) is what the app last heard.
  const [server, setServer] = useState<Transport>(otherSaveFirst ? { ...read, vehicleNumber: '456 DEF', version: 4 } : read);
  const [record, setRecord] = useState<Transport>(read);
  const [saves, setSaves] = useState(0);

  return (
    <div style={{ display: 'grid', gap: 16, maxWidth: 640 }}>
      <ApiForm<Values, Transport>
        initialValues={toValues(read)}
        label="Transport"
        versioned={{ record, toValues, labels, changedBy: 'Mari Mets' }}
        request={(values, version) => {
          if (version !== server.version) {
            // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
            return Promise.reject({
              status: 412,
              data: { detail: versionConflictDetail('en', 'Mari Mets', '2026-11-25T12:02:00Z'), current: server },
            });
          }
          const saved = { ...values, version: server.version + 1 };
          setServer(saved);
          setRecord(saved);
          setSaves((count) => count + 1);
          return Promise.resolve(saved);
        }}
        onSuccess={(saved, _values, form) => {
          form.resetForm({ values: toValues(saved), status: { formSuccess: 'Saved.' } });
        }}
      >
        <div style={{ display: 'grid', gap: 16, maxWidth: 320 }}>
          <FormikTextField label="Driver name" name="driverName" />
          <FormikTextField label="Vehicle number" name="vehicleNumber" />
          <SubmitButton submitting="Saving…">Save</SubmitButton>
        </div>
      </ApiForm>
      {otherSaveWhileEditing ? (
        <Button
          variant="secondary"
          onClick={() => {
            const theirs = { ...server, vehicleNumber: '456 DEF', version: server.version + 1 };
            setServer(theirs);
            // The live update: the app hears of the change and has the new copy.
            setRecord(theirs);
          }}
        >
          A colleague saves
        </Button>
      ) : null}
      <output aria-label="On the server">
        {server.driverName} · {server.vehicleNumber} · version {server.version} · saves {saves}
      </output>
    </div>
  );
}

const meta = {
  title: 'shared/ui/ApiForm/Versions',
  component: VersionedDemo,
} satisfies Meta<typeof VersionedDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

const editDriver = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  const driver = canvas.getByLabelText('Driver name');
  await userEvent.clear(driver);
  await userEvent.type(driver, 'Peeter Puu');
  return canvas;
};

export const Untouched: Story = {};

/** Someone saved first: the save is refused and the conflict view shows their change and the user's, side by side. */
export const Conflict: Story = {
  args: { otherSaveFirst: true },
  play: async ({ canvasElement }) => {
    const canvas = await editDriver(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    const view = await canvas.findByRole('alert');
    await expect(view).toHaveTextContent('Mari Mets changed this record at 25/11/2026, 14:02, after you opened it.');
    await expect(view).not.toHaveTextContent('Your changes are not saved yet');
    const rows = within(view).getAllByRole('row');
    await expect(rows[1]).toHaveTextContent(/Driver name.*Jaan Tamm.*Peeter Puu/);
    await expect(rows[2]).toHaveTextContent(/Vehicle number.*456 DEF.*was 123 ABC/);
    // Focus goes to the explanation.
    await waitFor(() => expect(within(view).getByRole('heading')).toHaveFocus());
  },
};

/** "Save mine over theirs": the user's edit is saved on top of the colleague's, so both stay. */
export const ConflictKeepsBoth: Story = {
  args: { otherSaveFirst: true },
  play: async ({ canvasElement }) => {
    await Conflict.play?.({ canvasElement } as never);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save mine over theirs' }));
    await expect(await canvas.findByText('Saved.')).toBeVisible();
    await expect(canvas.getByRole('status', { name: 'On the server' })).toHaveTextContent('Peeter Puu · 456 DEF · version 5 · saves 1');
    await expect(canvas.getByLabelText('Vehicle number')).toHaveValue('456 DEF');
  },
};

/** "Discard mine, take theirs": the form shows the record as it is now, with nothing left to save. */
export const ConflictTakeTheirs: Story = {
  args: { otherSaveFirst: true },
  play: async ({ canvasElement }) => {
    await Conflict.play?.({ canvasElement } as never);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Discard mine, take theirs' }));
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.getByLabelText('Driver name')).toHaveValue('Jaan Tamm');
    await expect(canvas.getByLabelText('Vehicle number')).toHaveValue('456 DEF');
    // A save now sends the new version and goes through.
    await editDriver(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('Saved.')).toBeVisible();
    await expect(canvas.getByRole('status', { name: 'On the server' })).toHaveTextContent('Peeter Puu · 456 DEF · version 5');
  },
};

/** A colleague saves while the user edits: the form names them before any save and offers to compare. */
export const ChangedWhileEditing: Story = {
  args: { otherSaveWhileEditing: true },
  play: async ({ canvasElement }) => {
    const canvas = await editDriver(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'A colleague saves' }));
    const notice = await canvas.findByRole('alert');
    await expect(notice).toHaveTextContent('Changed by Mari Mets just now.');
    await expect(canvas.getByLabelText('Driver name')).toHaveValue('Peeter Puu');
    await userEvent.click(within(notice).getByRole('button', { name: 'Compare changes' }));
    await expect(await canvas.findByRole('heading', { name: 'Someone else saved this record while you were editing' })).toBeVisible();
    // Heard before any save: the view says nothing is saved yet (a refused save's message says so itself).
    await expect(canvas.getByText(/Your changes are not saved yet/)).toBeVisible();
  },
};

/** Nobody is editing: a colleague's save shows in the form at once. */
export const FollowsWhenUntouched: Story = {
  args: { otherSaveWhileEditing: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'A colleague saves' }));
    await waitFor(() => expect(canvas.getByLabelText('Vehicle number')).toHaveValue('456 DEF'));
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const ConflictDark: Story = { ...Conflict, globals: { theme: 'dark' } };
export const ConflictEstonian: Story = {
  args: { otherSaveFirst: true },
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = await editDriver(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByRole('button', { name: 'Salvesta minu omad nende omade peale' })).toBeVisible();
  },
};
