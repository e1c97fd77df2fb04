import { applyApiErrorToForm, extractApiError, toastForApiError, type FormStatus } from './apiError';

// A visible stand-in for i18next, so each case shows which text and code it picked.
const t = (key: string, options?: Record<string, unknown>) => (options && 'code' in options ? `${key}(${String(options.code)})` : key);

const bad = (data: unknown) => ({ status: 400, data });

describe('extractApiError (product rules: Errors)', () => {
  it('gives a status other than 400 the generic message with its code', () => {
    expect(extractApiError({ status: 404, data: { detail: 'Not found.' } }, t)).toMatchObject({
      status: 404,
      message: 'errors.unexpectedErrorWithCode(404)',
      hasMessage: false,
      fieldErrors: {},
    });
    expect(extractApiError({ status: 503, data: 'Service Unavailable' }, t).message).toBe('errors.unexpectedErrorWithCode(503)');
  });

  it("gives a 412 the server's words (who changed the record, when) and the record as it is now", () => {
    const current = { number: 'W-1', version: 4 };
    expect(extractApiError({ status: 412, data: { detail: 'Changed by Mari Mets at 14:02.', current } }, t)).toEqual({
      status: 412,
      message: 'Changed by Mari Mets at 14:02.',
      hasMessage: true,
      fieldErrors: {},
      current,
    });
    expect(extractApiError({ status: 412, data: {} }, t)).toMatchObject({
      message: 'errors.unexpectedErrorWithCode(412)',
      hasMessage: false,
    });
  });

  it('uses a 400 string body that is not HTML and shorter than 2048 characters', () => {
    expect(extractApiError(bad('The waybill is already invoiced.'), t)).toMatchObject({
      message: 'The waybill is already invoiced.',
      hasMessage: true,
    });
    expect(extractApiError(bad('x'.repeat(2047)), t).message).toBe('x'.repeat(2047));
  });

  it('does not use a string body of 2048 characters or more', () => {
    expect(extractApiError(bad('x'.repeat(2048)), t)).toMatchObject({ message: 'errors.unexpectedError', hasMessage: false });
    expect(extractApiError(bad('x'.repeat(5000)), t).message).toBe('errors.unexpectedError');
  });

  it('does not use an HTML body', () => {
    expect(extractApiError(bad('<!DOCTYPE html><html><body>Bad Request</body></html>'), t).message).toBe('errors.unexpectedError');
    expect(extractApiError(bad('  <html><h1>400</h1></html>'), t).message).toBe('errors.unexpectedError');
    // A body that merely mentions a tag is still plain text.
    expect(extractApiError(bad('Use a value below 5 <b> is not allowed'), t).message).toBe('Use a value below 5 <b> is not allowed');
  });

  it('joins the items of an array body', () => {
    expect(extractApiError(bad(['First problem.', 'Second problem.']), t)).toMatchObject({
      message: 'First problem. Second problem.',
      hasMessage: true,
    });
  });

  it('uses a nonFieldErrors member', () => {
    const error = extractApiError(bad({ nonFieldErrors: ['Waybills must share one customer.'] }), t);
    expect(error).toMatchObject({ message: 'Waybills must share one customer.', hasMessage: true, fieldErrors: {} });
  });

  it('attaches field errors to their fields and keeps the general error apart', () => {
    const error = extractApiError(
      bad({ email: ['Enter a valid email.'], password: ['Too short.', 'Too common.'], nonFieldErrors: ['Check the form.'] }),
      t,
    );
    expect(error.fieldErrors).toEqual({ email: 'Enter a valid email.', password: 'Too short. Too common.' });
    expect(error.message).toBe('Check the form.');
  });

  it('treats status and code as fields when they carry messages, as metadata when scalar', () => {
    const refused = extractApiError(bad({ status: ['Cannot change status from delivered to draft.'] }), t);
    expect(refused.fieldErrors).toEqual({ status: 'Cannot change status from delivered to draft.' });
    const scalar = extractApiError(bad({ detail: 'Bad token.', code: 'token_not_valid', status: 'error' }), t);
    expect(scalar.fieldErrors).toEqual({});
    expect(scalar.code).toBe('token_not_valid');
  });

  it('prefers nonFieldErrors to message and detail when both are there', () => {
    const error = extractApiError(
      bad({ message: 'Validation failed.', detail: 'Bad request.', nonFieldErrors: ['Waybills must share one customer.'] }),
      t,
    );
    expect(error).toMatchObject({ message: 'Waybills must share one customer.', hasMessage: true });
  });

  it('uses the message member when there is no nonFieldErrors', () => {
    expect(extractApiError(bad({ message: 'Invalid filter.' }), t)).toMatchObject({ message: 'Invalid filter.', hasMessage: true });
    // The server's own shape for malformed JSON is `detail`.
    expect(extractApiError(bad({ detail: 'JSON parse error - Unexpected token' }), t).message).toBe('JSON parse error - Unexpected token');
  });

  it('falls back to the default message when nothing is usable', () => {
    for (const data of [{}, [], '', null, undefined, 42, { nonFieldErrors: [] }]) {
      expect(extractApiError(bad(data), t)).toMatchObject({ message: 'errors.unexpectedError', hasMessage: false });
    }
    expect(extractApiError({ status: 'TIMEOUT_ERROR', error: 'AbortError' }, t)).toMatchObject({
      status: null,
      message: 'errors.unexpectedError',
    });
    expect(extractApiError(undefined, t).message).toBe('errors.unexpectedError');
  });

  it('keeps the status of an unparsable body and the server error code', () => {
    expect(extractApiError({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'x' }, t)).toMatchObject({
      status: 502,
      message: 'errors.unexpectedErrorWithCode(502)',
    });
    expect(extractApiError({ status: 401, data: { detail: 'Token expired', code: 'token_not_valid' } }, t).code).toBe('token_not_valid');
  });
});

describe('applyApiErrorToForm', () => {
  const form = () => {
    const target = { errors: {} as Record<string, string>, status: {} as FormStatus };
    return {
      target,
      helpers: {
        setErrors: (errors: Record<string, string>) => {
          target.errors = errors;
        },
        setStatus: (status: FormStatus) => {
          target.status = status;
        },
      },
    };
  };

  it('puts field errors on the form fields and the general error at the root', () => {
    const { target, helpers } = form();
    const error = extractApiError(bad({ email: ['Taken.'], nonFieldErrors: ['Try again.'] }), t);
    applyApiErrorToForm(error, helpers, ['email', 'name']);
    expect(target.errors).toEqual({ email: 'Taken.' });
    expect(target.status).toEqual({ formError: 'Try again.' });
  });

  it('shows nothing at the root when every message has its field', () => {
    const { target, helpers } = form();
    applyApiErrorToForm(extractApiError(bad({ password: ['Too short.'] }), t), helpers, ['password']);
    expect(target.errors).toEqual({ password: 'Too short.' });
    expect(target.status).toEqual({});
  });

  it('moves errors about fields the form does not have to the root', () => {
    const { target, helpers } = form();
    applyApiErrorToForm(extractApiError(bad({ token: ['The link has expired.'] }), t), helpers, ['password']);
    expect(target.errors).toEqual({});
    expect(target.status).toEqual({ formError: 'The link has expired.' });
  });

  it("shows a non-400 error at the root, or the form's own text for that status", () => {
    const { target, helpers } = form();
    applyApiErrorToForm({ status: 500, data: 'oops' }, helpers, ['email']);
    expect(target.status.formError).toBe('Something went wrong (error 500). Please try again.');
    applyApiErrorToForm(extractApiError({ status: 401, data: { detail: 'No' } }, t), helpers, ['email'], { 401: 'Wrong password.' });
    expect(target.status).toEqual({ formError: 'Wrong password.' });
  });
});

describe('toastForApiError', () => {
  it('shows the rate limit on 429, the code on 5xx, the default for an unreadable answer, nothing otherwise', () => {
    expect(toastForApiError(extractApiError({ status: 429, data: null }, t), t)).toBe('errors.rateLimited');
    expect(toastForApiError(extractApiError({ status: 429, data: '<html>Too many</html>' }, t), t)).toBe('errors.rateLimited');
    expect(toastForApiError(extractApiError({ status: 502, data: '' }, t), t)).toBe('errors.unexpectedErrorWithCode(502)');
    expect(toastForApiError(extractApiError({ status: 'PARSING_ERROR', error: 'x', data: '' }, t), t)).toBe('errors.unexpectedError');
    // No answer at all: the connection banner says so once, not a toast per call.
    expect(extractApiError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, t)).toMatchObject({
      status: null,
      message: 'errors.unreachable',
      unreachable: true,
    });
    expect(toastForApiError(extractApiError({ status: 'FETCH_ERROR', error: 'x' }, t), t)).toBeNull();
    expect(toastForApiError(extractApiError(bad({ email: ['x'] }), t), t)).toBeNull();
    expect(toastForApiError(extractApiError({ status: 404, data: {} }, t), t)).toBeNull();
    expect(toastForApiError({ not: 'an api error' }, t)).toBeNull();
  });

  it('item 2: a 429 that says why shows its words once: in the caller when a form or dialog asked, else as the toast', () => {
    const limit = 'You already have 3 exports in progress. Wait for one to finish, then try again.';
    const error = extractApiError({ status: 429, data: { detail: limit, code: 'too_many_exports' } }, t);
    expect(error).toMatchObject({ status: 429, message: limit, hasMessage: true, code: 'too_many_exports' });
    expect(toastForApiError(error, t, { shownByCaller: true })).toBeNull();
    expect(toastForApiError(error, t)).toBe(limit);
  });

  it('counts a server error from exactly 500', () => {
    expect(toastForApiError(extractApiError({ status: 499, data: '' }, t), t)).toBeNull();
    expect(toastForApiError(extractApiError({ status: 500, data: '' }, t), t)).toBe('errors.unexpectedErrorWithCode(500)');
  });
});
