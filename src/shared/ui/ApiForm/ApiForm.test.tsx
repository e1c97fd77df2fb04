import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { object, string } from 'yup';

import { renderWithProviders } from '../../../../tests/jest/render';
import { FormikTextField } from '../FormikTextField/FormikTextField';

import { ApiForm, SubmitButton } from './ApiForm';

interface Values {
  number: string;
  driverName: string;
}

/** An RTK Query error as `unwrap()` rejects with it. */
const badRequest = (data: unknown) => ({ status: 400, data });

/** What `unwrap()` does on a failed call: rejects with RTK Query's error object, not an Error. */
// eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
const failWith = (error: unknown): Promise<never> => Promise.reject(error);

/** A request the test answers by hand, to look at the form while the save is under way. */
const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

const renderForm = (request: (values: Values) => Promise<unknown> | { unwrap: () => Promise<unknown> }, onSuccess = jest.fn()) => {
  renderWithProviders(
    <ApiForm<Values, unknown>
      initialValues={{ number: '', driverName: '' }}
      validationSchema={object({ number: string().required('Enter a number.') })}
      label="Waybill"
      request={request}
      onSuccess={onSuccess}
    >
      <FormikTextField label="Number" name="number" />
      <FormikTextField label="Driver" name="driverName" />
      <SubmitButton submitting="Saving…">Save</SubmitButton>
    </ApiForm>,
  );
  const form = screen.getByRole('form', { name: 'Waybill' });
  return { form, onSuccess };
};

const fillAndSave = async (number: string, driver: string) => {
  await userEvent.type(screen.getByLabelText('Number'), number);
  await userEvent.type(screen.getByLabelText('Driver'), driver);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
};

describe('ApiForm (useApiSubmit)', () => {
  it('puts server field errors on their fields, the rest in the root alert, and keeps what was typed', async () => {
    const request = jest.fn(() =>
      failWith(
        badRequest({
          nonFieldErrors: ['The waybill cannot be saved.'],
          message: 'Validation failed',
          driverName: ['Too long.'],
          vehicleNumber: ['Unknown vehicle.'],
        }),
      ),
    );
    const { form, onSuccess } = renderForm(request);
    await fillAndSave('W-1', 'Jaan');

    // nonFieldErrors wins over message; a field the form lacks joins the root message.
    expect(await within(form).findByRole('alert')).toHaveTextContent('The waybill cannot be saved. Unknown vehicle.');
    expect(screen.getByLabelText('Driver')).toHaveAccessibleDescription('Too long.');
    expect(screen.getByLabelText('Driver')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Number')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Number')).toHaveValue('W-1');
    expect(screen.getByLabelText('Driver')).toHaveValue('Jaan');
    expect(request).toHaveBeenCalledWith({ number: 'W-1', driverName: 'Jaan' }, 0);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('is submitting until the answer: the button is disabled and says so, then the form is usable again', async () => {
    const answer = deferred<unknown>();
    renderForm(() => answer.promise);
    await fillAndSave('W-1', 'Jaan');

    const button = await screen.findByRole('button', { name: 'Saving…' });
    expect(button).toBeDisabled();
    answer.reject({ status: 503, data: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong (error 503). Please try again.');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('unwraps an RTK Query call, clears the previous root error on the next submit and reports the result', async () => {
    const answers = [() => failWith(badRequest('Number taken.')), () => Promise.resolve({ number: 'W-2' })];
    const request = jest.fn(() => ({ unwrap: () => answers.shift()?.() ?? Promise.reject(new Error('no more answers')) }));
    const { onSuccess } = renderForm(request);
    await fillAndSave('W-2', 'Jaan');
    expect(await screen.findByRole('alert')).toHaveTextContent('Number taken.');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(onSuccess).toHaveBeenCalledWith({ number: 'W-2' }, { number: 'W-2', driverName: 'Jaan' }, expect.anything());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says "too many requests" on a 429 unless the form says otherwise', async () => {
    renderForm(() => failWith({ status: 429, data: null }));
    await fillAndSave('W-1', 'Jaan');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please wait a moment and try again.');
  });

  it('does not send what the client rules refuse', async () => {
    const request = jest.fn(() => Promise.resolve({}));
    renderForm(request);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a number.')).toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();
  });

  it('loads a lazily given schema on the first validation, once, and applies it like a schema given outright', async () => {
    const load = jest.fn(() => Promise.resolve(object({ number: string().required('Enter a number.').max(4, 'Too long.') })));
    const request = jest.fn(() => Promise.resolve({}));
    renderWithProviders(
      <ApiForm<Values, unknown>
        initialValues={{ number: '', driverName: '' }}
        loadValidationSchema={load}
        label="Waybill"
        request={request}
      >
        <FormikTextField label="Number" name="number" />
        <FormikTextField label="Driver" name="driverName" />
        <SubmitButton>Save</SubmitButton>
      </ApiForm>,
    );
    expect(load).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a number.')).toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Number'), 'W-12');
    await userEvent.type(screen.getByLabelText('Number'), '3');
    expect(await screen.findByText('Too long.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Number'), '{Backspace}');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(request).toHaveBeenCalledWith({ number: 'W-12', driverName: '' }, 0));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
