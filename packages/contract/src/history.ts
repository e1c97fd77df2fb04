/**
 * Record histories (migration 022): what an entry says happened, how the change reached the
 * server, and the name each kind of record is kept under. The server's schemas, its transaction
 * helper and the mocks read them from here.
 */

import type { Locale } from './limits.ts';
import { translate, type MessageKey } from './messages.ts';

/** What a history entry records. */
export const HISTORY_ACTIONS = ['created', 'updated', 'deleted'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** How a change came: the web app, another API client, an import, a bulk action, a background job, EVR (the register's answers). */
export const HISTORY_VIA = ['web', 'api', 'import', 'bulk', 'job', 'evr'] as const;
export type HistoryVia = (typeof HISTORY_VIA)[number];

/**
 * Changes that do not make a person's write stale: EVR's exchange writes only the record's EVR
 * columns, which no person writes, so a write made on the version before them overwrites nothing
 * of theirs (docs/decisions/0009-record-versions.md). A person who confirms a waybill and at once
 * marks it delivered is not refused because EVR answered the confirm in between.
 */
export const UNCONFLICTING_VIA: readonly HistoryVia[] = ['evr'];

/** The kinds of record with a history, as the database's triggers name them (`history.entity`). */
export const HISTORY_ENTITIES = [
  'waybill',
  'worklog',
  'invoice',
  'user',
  'assortment_type',
  'assortment',
  'company',
  'warehouse',
  'worker',
  'incoming_waybill',
] as const;
export type HistoryEntity = (typeof HISTORY_ENTITIES)[number];

/**
 * A `change` event of `GET /api/events/`: what changed (the kind of record, its key and new
 * version), how, and who (a name); never the record's data. The server sends it, the web app and
 * the mocks read and answer it.
 */
export interface ChangeEvent {
  readonly id: number;
  readonly entity: string;
  readonly key: string;
  readonly version: number | null;
  readonly action: HistoryAction;
  readonly actor: string | null;
}

/** A change as announced by the database: who made it by name and by e-mail address, before it is shown to anyone. */
export interface AnnouncedChange extends ChangeEvent {
  /** The account the change was made for; absent in announcements from before it was sent. */
  readonly actorEmail?: string | null;
}

/** A change as `viewer` may be told of it: the actor's name, their address only to staff and to themselves (personFor). */
export function changeEventFor(change: AnnouncedChange, viewer: Viewer): ChangeEvent {
  const { actorEmail, ...event } = change;
  return actorEmail ? { ...event, actor: personFor(viewer, actorEmail, event.actor).name || null } : event;
}

/** Kinds of record only staff may read: their events go to staff only. */
export const STAFF_ONLY_ENTITIES: readonly string[] = ['user'];

/** Whether a caller may be told of a change to this kind of record. */
/** Who reads an answer, as far as seeing others' e-mail addresses goes. */
export interface Viewer {
  readonly email: string;
  readonly isStaff: boolean;
}

/** A person a record names (who changed it, who owns a view) as shown to `viewer`. */
export interface ShownPerson {
  readonly name: string;
  /** Staff's, and one's own: other people's e-mail addresses are not shown to ordinary users. */
  readonly email?: string;
}

/** `email`'s person as `viewer` may see them: the name, and the e-mail address for staff and for oneself. */
export function personFor(viewer: Viewer, email: string, name: string | null | undefined): ShownPerson {
  return viewer.isStaff || viewer.email === email ? { email, name: name || email } : { name: name || '' };
}

export const mayReceiveChange = (entity: string, isStaff: boolean): boolean => isStaff || !STAFF_ONLY_ENTITIES.includes(entity);

/** One changed field of a history entry, as the API answers it. */
export interface HistoryFieldChange {
  readonly field: string;
  readonly before: unknown;
  readonly after: unknown;
}

/**
 * Fields of a history whose values only staff read: the raw errors of outside systems (an
 * accounting system's or a mail server's own words, which can name internal hosts and ports). For
 * everyone else a change of `syncError` is left out (the `syncFailure` changed beside it says why,
 * as the invoice itself does), and a `sendError` reads as the translated reason (`null`: left out).
 */
export const HISTORY_STAFF_ONLY_FIELDS: Readonly<Record<string, MessageKey | null>> = {
  syncError: null,
  sendError: 'invoice.sendFailed',
};

/** An entry's changes as `isStaff` may read them (HISTORY_STAFF_ONLY_FIELDS), in `locale`. */
export function historyChangesFor<C extends HistoryFieldChange>(changes: readonly C[], isStaff: boolean, locale: Locale): C[] {
  if (isStaff) return [...changes];
  return changes.flatMap((change) => {
    if (!Object.hasOwn(HISTORY_STAFF_ONLY_FIELDS, change.field)) return [change];
    const key = HISTORY_STAFF_ONLY_FIELDS[change.field];
    if (!key) return [];
    const reason = translate(locale, key);
    return [{ ...change, before: change.before == null ? change.before : reason, after: change.after == null ? change.after : reason }];
  });
}
