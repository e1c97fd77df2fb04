import { http, HttpResponse, type HttpHandler } from 'msw';

import type { MeUpdate, ResetPassword, SignUp, User, UserCreate, UserPatch } from '../../model/types';

import { createMockUsers, mockUser } from './userFixtures';

// The server's rules (server/src/users/rules.ts), repeated for the mocks.
const PASSWORD_MIN_LENGTH = 10;
/** The reset link token the mocks accept; any other is expired. */
export const MOCK_RESET_TOKEN = 'mock-reset-token';

let users: User[] = createMockUsers();

/** Restores the mock accounts (tests call it between cases). */
export const resetMockUsers = (): void => {
  users = createMockUsers();
};

const now = () => new Date().toISOString();
const notFound = () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 });

const passwordErrors = (password: string, email: string): string[] => {
  const errors: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) errors.push(`Use at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (/^\d+$/.test(password)) errors.push('The password cannot be only digits.');
  const lower = password.toLowerCase();
  if (lower === email.toLowerCase() || lower === email.toLowerCase().split('@')[0]) {
    errors.push('The password cannot be your email address.');
  }
  return errors;
};

const badRequest = (errors: Record<string, string[]>) => HttpResponse.json(errors, { status: 400 });

const compact = (errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).filter(([, messages]) => messages.length > 0));

const signUpErrors = ({ email, name, password }: SignUp): Record<string, string[]> =>
  compact({
    email: !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)
      ? ['Enter a valid email address.']
      : users.some((user) => user.email === email.toLowerCase())
        ? ['A user with this email already exists.']
        : [],
    name: name.trim() ? [] : ['This field may not be blank.'],
    password: passwordErrors(password, email),
  });

/** The signed-in user of the mocks: the first account, or the one given. */
export const meHandler = (user?: User): HttpHandler =>
  http.get('*/api/user/me', () => HttpResponse.json(user ?? users[0] ?? mockUser()));

const updateMe = async (request: Request, partial: boolean) => {
  const body = (await request.json()) as Partial<MeUpdate>;
  const me = users[0] ?? mockUser();
  const errors = compact({
    name: body.name !== undefined && !body.name.trim() ? ['This field may not be blank.'] : partial || body.name ? [] : ['This field is required.'],
    password: body.password !== undefined ? passwordErrors(body.password, me.email) : [],
  });
  if (Object.keys(errors).length > 0) return badRequest(errors);
  const updated = { ...me, ...(body.name !== undefined ? { name: body.name.trim() } : {}), lastModifiedAt: now() };
  users = [updated, ...users.slice(1)];
  return HttpResponse.json(updated);
};

export const userHandlers: readonly HttpHandler[] = [
  meHandler(),
  http.put('*/api/user/me', ({ request }) => updateMe(request, false)),
  http.patch('*/api/user/me', ({ request }) => updateMe(request, true)),
  http.post('*/api/user/signup', async ({ request }) => {
    const body = (await request.json()) as SignUp;
    const errors = signUpErrors(body);
    if (Object.keys(errors).length > 0) return badRequest(errors);
    const user = mockUser({ email: body.email.toLowerCase(), name: body.name.trim(), isActive: false, lastLogin: null, createdAt: now() });
    users = [...users, user];
    return HttpResponse.json(user, { status: 201 });
  }),
  http.post('*/api/user/forgot_password', () => HttpResponse.json({ status: 'OK' })),
  http.post('*/api/user/forgot_password/token', async ({ request }) => {
    const { token, password } = (await request.json()) as ResetPassword;
    if (token !== MOCK_RESET_TOKEN) return badRequest({ token: ['The reset link is invalid, used or expired.'] });
    const errors = compact({ password: passwordErrors(password, users[0]?.email ?? '') });
    return Object.keys(errors).length > 0 ? badRequest(errors) : HttpResponse.json({ status: 'OK' });
  }),
  http.get('*/api/user/', ({ request }) => {
    const url = new URL(request.url);
    const flag = (name: string) => url.searchParams.get(name);
    const staffIn = url.searchParams.getAll('isStaffIn').flatMap((value) => value.split(','));
    const results = users.filter(
      (user) =>
        (!flag('email') || user.email === flag('email')) &&
        (!flag('name') || user.name.toLowerCase().includes((flag('name') ?? '').toLowerCase())) &&
        (!flag('isActive') || String(user.isActive) === flag('isActive')) &&
        (!flag('isStaff') || String(user.isStaff) === flag('isStaff')) &&
        (staffIn.length === 0 || staffIn.includes(String(user.isStaff))) &&
        (!flag('search') || `${user.email} ${user.name}`.toLowerCase().includes((flag('search') ?? '').toLowerCase())),
    );
    return HttpResponse.json({ count: results.length, next: null, previous: null, results });
  }),
  http.post('*/api/user/', async ({ request }) => {
    const body = (await request.json()) as UserCreate;
    const errors = signUpErrors(body);
    if (Object.keys(errors).length > 0) return badRequest(errors);
    const user = mockUser({
      email: body.email.toLowerCase(),
      name: body.name.trim(),
      isActive: body.isActive ?? true,
      isStaff: body.isStaff ?? false,
      lastLogin: null,
    });
    users = [...users, user];
    return HttpResponse.json(user, { status: 201 });
  }),
  http.get('*/api/user/:email/', ({ params }) => {
    const user = users.find((item) => item.email === params.email);
    return user ? HttpResponse.json(user) : notFound();
  }),
  ...(['put', 'patch'] as const).map((method) =>
    http[method]('*/api/user/:email/', async ({ params, request }) => {
      const index = users.findIndex((item) => item.email === params.email);
      const current = users[index];
      if (!current) return notFound();
      const body = (await request.json()) as UserPatch;
      if (body.password !== undefined) {
        const errors = compact({ password: passwordErrors(body.password, current.email) });
        if (Object.keys(errors).length > 0) return badRequest(errors);
      }
      const { password: _password, ...fields } = body;
      const updated: User = { ...current, ...fields, lastModifiedAt: now() };
      users = users.map((item, position) => (position === index ? updated : item));
      return HttpResponse.json(updated);
    }),
  ),
  http.delete('*/api/user/:email/', ({ params }) => {
    if (!users.some((item) => item.email === params.email)) return notFound();
    users = users.filter((item) => item.email !== params.email);
    return new HttpResponse(null, { status: 204 });
  }),
];
