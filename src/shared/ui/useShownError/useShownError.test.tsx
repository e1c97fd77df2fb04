import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';

import { FormikCheckbox } from '../FormikCheckbox/FormikCheckbox';
import { FormikSelectField } from '../FormikSelectField/FormikSelectField';
import { FormikTextArea } from '../FormikTextArea/FormikTextArea';
import { FormikTextField } from '../FormikTextField/FormikTextField';

const renderForm = () =>
  render(
    <Formik
      initialValues={{ email: '', note: '', kind: 'a', agree: false }}
      validate={(values) => ({
        ...(values.email ? {} : { email: 'Enter your email.' }),
        ...(values.note ? {} : { note: 'Write a note.' }),
        ...(values.kind === 'b' ? {} : { kind: 'Choose B.' }),
        ...(values.agree ? {} : { agree: 'Agree first.' }),
      })}
      onSubmit={() => undefined}
    >
      <Form>
        <FormikTextField label="Email" name="email" />
        <FormikTextArea label="Note" name="note" />
        <FormikSelectField
          label="Kind"
          name="kind"
          options={[
            { value: 'a', label: 'A' },
            { value: 'b', label: 'B' },
            { value: 'c', label: 'C' },
          ]}
        />
        <FormikCheckbox label="Agree" name="agree" />
        <button type="submit">Sign in</button>
        <a href="#forgot">Forgot password?</a>
      </Form>
    </Formik>,
  );

const errors = ['Enter your email.', 'Write a note.', 'Choose B.', 'Agree first.'];

describe('useShownError, the one rule of when a form field shows its error', () => {
  it('says nothing for fields left without a change, whichever kind of field', async () => {
    renderForm();
    for (const label of ['Email', 'Note', 'Kind', 'Agree']) {
      screen.getByLabelText(label).focus();
      // Leaving the unchanged field (a click elsewhere) adds no error under it: nothing moves under the pointer.
      await userEvent.click(screen.getByText('Forgot password?'));
    }
    for (const error of errors) expect(screen.queryByText(error)).toBeNull();
  });

  it('shows the error once a field was changed, even when changed back', async () => {
    renderForm();
    const email = screen.getByLabelText('Email');
    await userEvent.type(email, 'a');
    await userEvent.clear(email);
    await userEvent.tab();
    expect(await screen.findByText('Enter your email.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'c');
    await userEvent.tab();
    expect(await screen.findByText('Choose B.')).toBeInTheDocument();
    const agree = screen.getByLabelText('Agree');
    await userEvent.click(agree);
    await userEvent.click(agree);
    await userEvent.tab();
    expect(await screen.findByText('Agree first.')).toBeInTheDocument();
    // The note was never changed: still quiet.
    expect(screen.queryByText('Write a note.')).toBeNull();
  });

  it('shows every error after a submit, changed or not', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    for (const error of errors) expect(await screen.findByText(error)).toBeInTheDocument();
  });
});
