import { userEditBody, userEditSchema } from './schema';

const t = (key: string) => key;

describe('the staff edit of an account', () => {
  const values = { name: '  Ülle Uus ', isActive: true, isStaff: true };

  it("sends another account's flags, trimmed name included", () => {
    expect(userEditBody(values, false)).toEqual({ name: 'Ülle Uus', isActive: true, isStaff: true });
  });

  it('never sends one’s own active or staff flag, which the server refuses to change', () => {
    expect(userEditBody(values, true)).toEqual({ name: 'Ülle Uus' });
  });

  it('needs a name', async () => {
    await expect(userEditSchema(t).validate({ ...values, name: '  ' })).rejects.toThrow('auth.validation.nameRequired');
  });
});
