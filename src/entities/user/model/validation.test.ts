import { object } from 'yup';

import { emailSchema, newPasswordSchema, passwordSchema } from './validation';

const t = (key: string) => key;
const errorsOf = (values: { email: string; password: string }) => {
  try {
    object({ email: emailSchema(t), password: passwordSchema(t) }).validateSync(values, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
};

describe("password rules (the server's)", () => {
  it('needs at least 10 characters', () => {
    expect(errorsOf({ email: 'a@b.ee', password: 'Short-9ch' })).toEqual(['auth.validation.passwordTooShort']);
    expect(errorsOf({ email: 'a@b.ee', password: 'Long-enough' })).toEqual([]);
  });

  it("has the server's maximum length", () => {
    expect(errorsOf({ email: 'a@b.ee', password: 'x'.repeat(128) + 'y' })).toEqual(['auth.validation.tooLong']);
    expect(errorsOf({ email: 'a@b.ee', password: 'x'.repeat(127) + 'y' })).toEqual([]);
  });

  it('may not be only digits', () => {
    expect(errorsOf({ email: 'a@b.ee', password: '12345678901' })).toEqual(['auth.validation.passwordNumeric']);
  });

  it('may not be the email or its local part', () => {
    expect(errorsOf({ email: 'mari.maasikas@example.com', password: 'Mari.Maasikas' })).toEqual(['auth.validation.passwordSameAsEmail']);
    expect(errorsOf({ email: 'longname@b.ee', password: 'LONGNAME@B.EE' })).toEqual(['auth.validation.passwordSameAsEmail']);
    expect(errorsOf({ email: 'x@b.ee', password: 'Metsavahi-2026' })).toEqual([]);
    expect(passwordSchema(t, 'kadri.tamm@example.com').isValidSync('kadri.tamm')).toBe(false);
  });

  it('checks the email', () => {
    expect(errorsOf({ email: 'not-an-email', password: 'Long-enough' })).toEqual(['auth.validation.emailInvalid']);
    expect(errorsOf({ email: '', password: 'Long-enough' })[0]).toBe('auth.validation.emailRequired');
  });
});

describe('a new password typed twice', () => {
  const errors = (password: string, passwordConfirm: string) => {
    try {
      newPasswordSchema(t, 'mari@metsad.ee').validateSync({ password, passwordConfirm }, { abortEarly: false });
      return [];
    } catch (error) {
      return (error as { errors: string[] }).errors;
    }
  };

  it('needs the same text twice and keeps the password rules, including the given email', () => {
    expect(errors('Long-enough', 'Long-enough')).toEqual([]);
    expect(errors('Long-enough', 'Long-enougH')).toEqual(['auth.validation.passwordMismatch']);
    expect(errors('Long-enough', '')).toContain('auth.validation.passwordConfirmRequired');
    expect(errors('mari@metsad.ee', 'mari@metsad.ee')).toEqual(['auth.validation.passwordSameAsEmail']);
  });
});
