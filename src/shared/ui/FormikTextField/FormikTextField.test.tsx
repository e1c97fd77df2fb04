import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';

import { FormikTextField } from './FormikTextField';

const renderField = () =>
  render(
    <Formik
      initialValues={{ email: '' }}
      validate={(values) => (values.email ? {} : { email: 'Enter your email.' })}
      onSubmit={() => undefined}
    >
      <Form>
        <FormikTextField label="Email" name="email" />
        <button type="submit">Sign in</button>
        <a href="#forgot">Forgot password?</a>
      </Form>
    </Formik>,
  );

describe('FormikTextField', () => {
  it('says nothing when left without typing; shows the error once changed, or once the form was submitted', async () => {
    renderField();
    const email = screen.getByLabelText('Email');
    email.focus();
    // Leaving the untouched field (a click elsewhere) adds no error under it: nothing moves under the pointer.
    await userEvent.click(screen.getByText('Forgot password?'));
    expect(screen.queryByText('Enter your email.')).toBeNull();
    await userEvent.type(email, 'a');
    await userEvent.clear(email);
    await userEvent.tab();
    expect(await screen.findByText('Enter your email.')).toBeInTheDocument();
  });

  it('shows the error of an untouched field after a submit', async () => {
    renderField();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your email.')).toBeInTheDocument();
  });
});
