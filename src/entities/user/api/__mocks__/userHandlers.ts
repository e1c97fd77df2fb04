import { http, HttpResponse, type HttpHandler } from 'msw';
import { EMAIL_PATTERN, LIMITS, USER_LIST, passwordProblems, type PasswordProblem } from '@timberlog/contract';

import {
  changed,
  created,
  deleted,
  fieldErrors,
  historyResponse,
  listResponse,
  message,
  mockCaller,
  mockDb,
  nonFieldError,
  notFound,
  resetMockDb,
  versionConflict,
  type MessageKey,
} from '@/shared/mock-db';

import type { MeUpdate, ResetPassword, SignUp, User, UserCreate, UserPatch } from '../../model/types';

import { mockUser } from './userFixtures';

/** The reset link token the mocks accept; any other is expired. */
export const MOCK_RESET_TOKEN = 'mock-reset-token';

/** Restores the whole mock data set, accounts included (the Jest setup calls it between cases). */
export const resetMockUsers = (): void => resetMockDb();

const now = () => new Date().toISOString();
const normalise = (email: string) => email.trim().toLowerCase();
const findUser = (email: string) => mockDb.users.find((user) => user.email === normalise(email));
const forbidden = (request: Request) => HttpResponse.json({ detail: message(request, 'auth.permissionDenied') }, { status: 403 });

const PASSWORD_MESSAGES: Record<PasswordProblem, [MessageKey, Record<string, number>?]> = {
  tooShort: ['password.tooShort', { limit: LIMITS.passwordMinLength }],
  tooLong: ['password.tooLong', { limit: LIMITS.passwordMaxLength }],
  numeric: ['password.numeric'],
  blank: ['password.blank'],
  repeated: ['password.repeated'],
  sameAsEmail: ['password.sameAsEmail'],
};

/** Collects `{ field: [messages] }` in the server's words. */
const collector = (request: Request) => {
  const errors: Record<string, string[]> = {};
  return {
    errors,
    add: (field: string, key: MessageKey, params?: Record<string, string | number>) =>
      (errors[field] ??= []).push(message(request, key, params)),
    password: (password: string, email: string) => {
      for (const problem of passwordProblems(password, email)) {
        const [key, params] = PASSWORD_MESSAGES[problem];
        (errors.password ??= []).push(message(request, key, params));
      }
    },
    get any() {
      return Object.keys(errors).length > 0;
    },
  };
};

const newAccountErrors = (request: Request, { email, name, password }: SignUp) => {
  const check = collector(request);
  if (!new RegExp(EMAIL_PATTERN).test(email.trim())) check.add('email', 'field.format.email');
  check.password(password, normalise(email));
  if (!name.trim()) check.add('name', 'field.blank');
  if (findUser(email)) check.add('email', 'user.emailTaken');
  return check;
};

const replaceUser = (email: string, next: User) => {
  mockDb.users = mockDb.users.map((user) => (user.email === email ? next : user));
  return next;
};

/** The signed-in user of the mocks: the account the request's token names (see `mockCaller`), or the one given. */
export const meHandler = (user?: User): HttpHandler =>
  http.get('*/api/user/me', ({ request }) => HttpResponse.json(user ?? findUser(mockCaller(request).email) ?? mockUser()));

const updateMe = async (request: Request) => {
  const body = (await request.json()) as Partial<MeUpdate>;
  const me = findUser(mockCaller(request).email);
  if (!me) return notFound(request);
  const check = collector(request);
  if (body.name !== undefined && !body.name.trim()) check.add('name', 'field.blank');
  if (body.password !== undefined) check.password(body.password, me.email);
  if (check.any) return fieldErrors(check.errors);
  const stale = versionConflict(request, 'user', me.email, me);
  if (stale) return stale;
  const next = { ...me, ...(body.name !== undefined ? { name: body.name.trim() } : {}) };
  return HttpResponse.json(replaceUser(me.email, edited(request, me, next, body.password !== undefined)));
};

/** An account's next state: its version moves only with what a person edits (as the server's trigger: name, flags, password). */
const edited = (request: Request, current: User, next: User, passwordSet: boolean): User =>
  passwordSet || next.name !== current.name || next.isActive !== current.isActive || next.isStaff !== current.isStaff
    ? changed(request, 'user', current.email, { ...next, lastModifiedAt: now() }, { secret: passwordSet ? ['password'] : [] })
    : next;

/** Staff edit accounts, never their own staff or active flag (server/src/users/routes.ts). */
const updateUser = async (request: Request, email: string) => {
  const caller = mockCaller(request);
  if (!caller.isStaff) return forbidden(request);
  const current = findUser(email);
  if (!current) return notFound(request);
  const body = (await request.json()) as UserPatch & { email?: string };
  const check = collector(request);
  if (body.email !== undefined && normalise(body.email) !== current.email) check.add('email', 'user.emailImmutable');
  if (current.email === caller.email && body.isStaff !== undefined && body.isStaff !== current.isStaff)
    check.add('isStaff', 'user.ownStaff');
  if (current.email === caller.email && body.isActive !== undefined && body.isActive !== current.isActive)
    check.add('isActive', 'user.ownActive');
  if (body.password !== undefined) check.password(body.password, current.email);
  if (body.name !== undefined && !body.name.trim()) check.add('name', 'field.blank');
  if (check.any) return fieldErrors(check.errors);
  const stale = versionConflict(request, 'user', current.email, current);
  if (stale) return stale;
  const { password: _password, email: _email, ...fields } = body;
  const next = { ...current, ...fields, ...(fields.name !== undefined ? { name: fields.name.trim() } : {}) };
  return HttpResponse.json(replaceUser(current.email, edited(request, current, next, body.password !== undefined)));
};

export const userHandlers: readonly HttpHandler[] = [
  meHandler(),
  http.put('*/api/user/me', ({ request }) => updateMe(request)),
  http.patch('*/api/user/me', ({ request }) => updateMe(request)),
  http.post('*/api/user/signup', async ({ request }) => {
    const body = (await request.json()) as SignUp;
    const check = newAccountErrors(request, body);
    if (check.any) return fieldErrors(check.errors);
    const at = now();
    const user: User = {
      email: normalise(body.email),
      name: body.name.trim(),
      isActive: false,
      isStaff: false,
      emailVerified: false,
      dateJoined: at,
      lastLogin: null,
      createdAt: at,
      lastModifiedAt: at,
      version: 1,
    };
    mockDb.users = [...mockDb.users, user];
    return HttpResponse.json(user, { status: 201 });
  }),
  http.post('*/api/user/forgot_password', () => HttpResponse.json({ status: 'OK' })),
  http.post('*/api/user/forgot_password/token', async ({ request }) => {
    const { token, password } = (await request.json()) as ResetPassword;
    if (token !== MOCK_RESET_TOKEN) return fieldErrors({ token: [message(request, 'reset.tokenInvalid')] });
    const check = collector(request);
    check.password(password, mockCaller(request).email);
    return check.any ? fieldErrors(check.errors) : HttpResponse.json({ status: 'OK' });
  }),
  // An ordinary user's list holds only themself; staff see every account.
  http.get('*/api/user/', ({ request }) => {
    const caller = mockCaller(request);
    const visible = caller.isStaff ? mockDb.users : mockDb.users.filter((user) => user.email === caller.email);
    return listResponse(request, USER_LIST, visible);
  }),
  http.post('*/api/user/', async ({ request }) => {
    if (!mockCaller(request).isStaff) return forbidden(request);
    const body = (await request.json()) as UserCreate;
    const check = newAccountErrors(request, body);
    if (check.any) return fieldErrors(check.errors);
    const at = now();
    const user: User = {
      email: normalise(body.email),
      name: body.name.trim(),
      isActive: body.isActive ?? true,
      isStaff: body.isStaff ?? false,
      emailVerified: true,
      dateJoined: at,
      lastLogin: null,
      createdAt: at,
      lastModifiedAt: at,
      version: 1,
    };
    created(request, 'user', user.email);
    mockDb.users = [...mockDb.users, user];
    return HttpResponse.json(user, { status: 201 });
  }),
  // Staff only; a deleted account's history stays readable.
  http.get('*/api/user/:email/history/', ({ params, request }) =>
    mockCaller(request).isStaff ? historyResponse(request, 'user', normalise(String(params.email))) : forbidden(request),
  ),
  http.get('*/api/user/:email/', ({ params, request }) => {
    const caller = mockCaller(request);
    const email = normalise(String(params.email));
    if (!caller.isStaff && email !== caller.email) return forbidden(request);
    const user = findUser(email);
    return user ? HttpResponse.json(user, { headers: { ETag: `"${user.version}"` } }) : notFound(request);
  }),
  http.put('*/api/user/:email/', ({ params, request }) => updateUser(request, String(params.email))),
  http.patch('*/api/user/:email/', ({ params, request }) => updateUser(request, String(params.email))),
  http.delete('*/api/user/:email/', ({ params, request }) => {
    const caller = mockCaller(request);
    if (!caller.isStaff) return forbidden(request);
    const email = normalise(String(params.email));
    if (email === caller.email) return nonFieldError(message(request, 'user.ownDelete'));
    const current = findUser(email);
    if (!current) return notFound(request);
    const stale = versionConflict(request, 'user', email, current);
    if (stale) return stale;
    deleted(request, 'user', email);
    mockDb.users = mockDb.users.filter((user) => user.email !== email);
    return new HttpResponse(null, { status: 204 });
  }),
];
