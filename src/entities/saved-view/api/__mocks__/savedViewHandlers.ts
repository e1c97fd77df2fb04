import {
  DENSITIES,
  LIST_COLUMNS,
  SAVED_VIEW,
  SAVED_VIEW_LISTS,
  defaultColumns,
  personFor,
  savedViewColumnsProblem,
  savedViewQuery,
  type SavedViewList,
  type Viewer,
} from '@timberlog/contract';
import { http, HttpResponse, type HttpHandler } from 'msw';

import {
  fieldErrors,
  ifMatchVersion,
  message,
  mockCaller,
  mockDb,
  notFound,
  onMockReset,
  staleVersion,
  versionRequired,
  type MessageKey,
} from '@/shared/mock-db';

import type { SavedView } from '../savedViewApi';

type Stored = { -readonly [K in keyof Omit<SavedView, 'own' | 'owner'>]: SavedView[K] } & { owner: string };

/** The saved views the mocks keep (the server's saved_views table), ids from 1 as a new database's. */
let views: Stored[] = [];
let nextId = 1;
/** Who made a view's last change, for the 412's words. */
const changedBy = new Map<number, string>();

/** Back to no saved views (with resetMockDb, before a test or story that saves views). */
export function resetMockSavedViews(): void {
  views = [];
  nextId = 1;
  changedBy.clear();
}
onMockReset(resetMockSavedViews);

/** A saved view for stories: stored as the server would keep it, and answered as the caller sees it. */
export function mockSavedView(view: Partial<Stored> & { list: SavedViewList; name: string }): SavedView {
  const now = new Date().toISOString();
  const stored: Stored = {
    id: nextId++,
    query: '',
    columns: defaultColumns(view.list),
    density: SAVED_VIEW.defaultDensity,
    shared: false,
    isDefault: false,
    owner: mockDb.users[0]?.email ?? 'user@timberlog.ee',
    version: 1,
    createdAt: now,
    lastModifiedAt: now,
    ...view,
  };
  views.push(stored);
  return present(stored, { email: stored.owner, isStaff: false });
}

const COLUMN_IDS = [...new Set(Object.values(LIST_COLUMNS).flatMap((columns) => columns.map((column) => column.id)))];

// Others' e-mail addresses are staff's (the contract's personFor), as the server answers.
const present = (view: Stored, viewer: Viewer): SavedView => ({
  ...view,
  owner: personFor(viewer, view.owner, mockDb.users.find((user) => user.email === view.owner)?.name),
  own: view.owner === viewer.email,
});

const visibleTo = (caller: string) => (view: Stored) => view.owner === caller || view.shared;

const ordered = (items: Stored[]) =>
  [...items].sort(
    (a, b) =>
      a.list.localeCompare(b.list) ||
      (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : 0) ||
      a.id - b.id,
  );

const withEtag = (view: SavedView, status = 200) => HttpResponse.json(view, { status, headers: { ETag: `"${view.version}"` } });

interface Body {
  list?: unknown;
  name?: unknown;
  query?: unknown;
  columns?: unknown;
  density?: unknown;
  shared?: unknown;
  isDefault?: unknown;
}

/** A value as the server's schema names it in a message: text as it is, anything else as JSON. */
const shown = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value ?? '')).slice(0, 100);

/** The body's types, as the server's schema answers them. */
function schemaProblems(request: Request, body: Body, creating: boolean): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, key: MessageKey, params?: Record<string, string | number>) =>
    (errors[field] ??= []).push(message(request, key, params));
  if (creating) {
    if (body.list === undefined) add('list', 'field.required');
    else if (typeof body.list !== 'string' || !(SAVED_VIEW_LISTS as readonly string[]).includes(body.list))
      add('list', 'field.enum', { value: shown(body.list), choices: SAVED_VIEW_LISTS.join(', ') });
    if (body.name === undefined) add('name', 'field.required');
  }
  if (body.name !== undefined) {
    if (typeof body.name !== 'string') add('name', 'field.type.string');
    else if (body.name.length === 0) add('name', 'field.blank');
    else if ([...body.name].length > SAVED_VIEW.nameMaxLength) add('name', 'field.maxLength', { limit: SAVED_VIEW.nameMaxLength });
  }
  if (body.query !== undefined && typeof body.query !== 'string') add('query', 'field.type.string');
  if (body.columns !== undefined) {
    if (!Array.isArray(body.columns)) add('columns', 'field.type.array');
    else if (body.columns.length === 0) add('columns', 'field.minItems', { limit: 1 });
    else {
      const unknown: unknown = (body.columns as unknown[]).find((id) => typeof id !== 'string' || !COLUMN_IDS.includes(id));
      if (unknown !== undefined) add('columns', 'field.enum', { value: shown(unknown), choices: COLUMN_IDS.join(', ') });
    }
  }
  if (body.density !== undefined && !(DENSITIES as readonly unknown[]).includes(body.density))
    add('density', 'field.enum', { value: shown(body.density), choices: DENSITIES.join(', ') });
  for (const flag of ['shared', 'isDefault'] as const)
    if (body[flag] !== undefined && typeof body[flag] !== 'boolean') add(flag, 'field.type.boolean');
  return errors;
}

/** The server's checks of the fields (checkFields): a name not blank, the query by the list's codec, the list's columns. */
function checkFields(request: Request, list: SavedViewList, body: Body): { fields: Partial<Stored>; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const fields: Partial<Stored> = {};
  if (typeof body.name === 'string') {
    fields.name = body.name.trim();
    if (!fields.name) (errors.name ??= []).push(message(request, 'field.blank'));
  }
  if (typeof body.query === 'string') {
    const checked = savedViewQuery(list, body.query);
    if ('problem' in checked) (errors.query ??= []).push(message(request, checked.problem.key, checked.problem.params));
    else fields.query = checked.query;
  }
  if (Array.isArray(body.columns)) {
    const problem = savedViewColumnsProblem(list, body.columns as string[]);
    if (problem) (errors.columns ??= []).push(message(request, problem.key, problem.params));
    else fields.columns = body.columns as string[];
  }
  if (typeof body.density === 'string') fields.density = body.density as Stored['density'];
  if (typeof body.shared === 'boolean') fields.shared = body.shared;
  if (typeof body.isDefault === 'boolean') fields.isDefault = body.isDefault;
  return { fields, errors };
}

const nameTaken = (owner: string, list: string, name: string, id?: number) =>
  views.some((view) => view.owner === owner && view.list === list && view.name.toLowerCase() === name.toLowerCase() && view.id !== id);

/** The owner's default of the list stops being one (a change of that view: its version moves), unless it is `keep`. */
function clearDefault(request: Request, owner: string, list: string, keep?: number): void {
  views = views.map((view) => {
    if (view.owner !== owner || view.list !== list || !view.isDefault || view.id === keep) return view;
    changedBy.set(view.id, callerName(request));
    return { ...view, isDefault: false, version: view.version + 1, lastModifiedAt: new Date().toISOString() };
  });
}

const forbidden = (request: Request) => HttpResponse.json({ detail: message(request, 'auth.permissionDenied') }, { status: 403 });

/** The 428 or 412 of a write without the view's version, as the server words it. */
function stale(request: Request, view: Stored): Response | undefined {
  const required = versionRequired(request);
  if (required) return required;
  if (ifMatchVersion(request) === view.version) return undefined;
  return staleVersion(request, view, changedBy.get(view.id) ?? null, present(view, mockCaller(request)));
}

const byId = (request: Request, id: unknown): Stored | undefined => {
  const caller = mockCaller(request).email;
  return views.find((view) => String(view.id) === String(id) && visibleTo(caller)(view));
};

const callerName = (request: Request) => {
  const caller = mockCaller(request).email;
  return mockDb.users.find((user) => user.email === caller)?.name || caller;
};

export const savedViewHandlers: readonly HttpHandler[] = [
  http.get('*/api/saved-views/', ({ request }) => {
    const list = new URL(request.url).searchParams.get('list');
    if (list !== null && !(SAVED_VIEW_LISTS as readonly string[]).includes(list))
      return fieldErrors({ list: [message(request, 'field.enum', { value: list.slice(0, 100), choices: SAVED_VIEW_LISTS.join(', ') })] });
    const caller = mockCaller(request).email;
    return HttpResponse.json(
      ordered(views.filter((view) => visibleTo(caller)(view) && (list === null || view.list === list))).map((view) =>
        present(view, mockCaller(request)),
      ),
    );
  }),
  http.post('*/api/saved-views/', async ({ request }) => {
    const body = (await request.json()) as Body;
    const problems = schemaProblems(request, body, true);
    if (Object.keys(problems).length > 0) return fieldErrors(problems);
    const list = body.list as SavedViewList;
    const { fields, errors } = checkFields(request, list, body);
    if (Object.keys(errors).length > 0) return fieldErrors(errors);
    const caller = mockCaller(request).email;
    if (views.filter((view) => view.owner === caller && view.list === list).length >= SAVED_VIEW.perUserPerList)
      return fieldErrors({ nonFieldErrors: [message(request, 'savedView.tooMany', { limit: SAVED_VIEW.perUserPerList })] });
    if (nameTaken(caller, list, fields.name!)) return fieldErrors({ name: [message(request, 'savedView.nameTaken')] });
    if (fields.isDefault) clearDefault(request, caller, list);
    const now = new Date().toISOString();
    const view: Stored = {
      id: nextId++,
      list,
      name: fields.name!,
      query: fields.query ?? '',
      columns: fields.columns ?? defaultColumns(list),
      density: fields.density ?? SAVED_VIEW.defaultDensity,
      shared: fields.shared ?? false,
      isDefault: fields.isDefault ?? false,
      owner: caller,
      version: 1,
      createdAt: now,
      lastModifiedAt: now,
    };
    views.push(view);
    changedBy.set(view.id, callerName(request));
    return withEtag(present(view, mockCaller(request)), 201);
  }),
  http.get('*/api/saved-views/:id/', ({ params, request }) => {
    const view = byId(request, params.id);
    return view ? withEtag(present(view, mockCaller(request))) : notFound(request);
  }),
  http.patch('*/api/saved-views/:id/', async ({ params, request }) => {
    const view = byId(request, params.id);
    if (!view) return notFound(request);
    const caller = mockCaller(request).email;
    if (view.owner !== caller) return forbidden(request);
    const body = (await request.json()) as Body;
    const problems = schemaProblems(request, body, false);
    if (Object.keys(problems).length > 0) return fieldErrors(problems);
    const { fields, errors } = checkFields(request, view.list, body);
    if (Object.keys(errors).length > 0) return fieldErrors(errors);
    const conflict = stale(request, view);
    if (conflict) return conflict;
    if (fields.name !== undefined && nameTaken(caller, view.list, fields.name, view.id))
      return fieldErrors({ name: [message(request, 'savedView.nameTaken')] });
    if (fields.isDefault) clearDefault(request, caller, view.list, view.id);
    const changed = Object.keys(fields).length > 0;
    const next: Stored = changed ? { ...view, ...fields, version: view.version + 1, lastModifiedAt: new Date().toISOString() } : view;
    views = views.map((item) => (item.id === view.id ? next : item));
    if (changed) changedBy.set(view.id, callerName(request));
    return withEtag(present(next, mockCaller(request)));
  }),
  http.delete('*/api/saved-views/:id/', ({ params, request }) => {
    const view = byId(request, params.id);
    if (!view) return notFound(request);
    const caller = mockCaller(request);
    if (view.owner !== caller.email && !(view.shared && caller.isStaff)) return forbidden(request);
    const conflict = stale(request, view);
    if (conflict) return conflict;
    views = views.filter((item) => item.id !== view.id);
    return new HttpResponse(null, { status: 204 });
  }),
];
