/**
 * The EVR stand-in: EVR's HTTP calls under EVR's paths, with pyevr's JSON names, EVR's answer
 * codes (200 / 400 / 401 / 403 / 404: pyevr documents no 409 or 422, so a call in the wrong state
 * is a 400 ProblemDetails) and its rules on who may do what.
 */
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { FAULT_KINDS, type FaultInput, Faults } from './faults.ts';
import { type ActionKey, type Language, type MessageKey, action, languageOf, message } from './messages.ts';
import { ASSORTMENTS, CERTIFICATES, MEASUREMENT_UNITS } from './reference.ts';
import { matchesSearch, parseSearch } from './search.ts';
import {
  type Json,
  type MeasurementAct,
  Register,
  type StoredWaybill,
  WAYBILL_STATUSES,
  type Waybill,
  type WaybillAuthorization,
  type WaybillStatus,
} from './store.ts';
import { type FieldErrors, type ModelName, isObject, parseDateTime, validate } from './validation.ts';

export interface Organisation {
  /** Registry code (registrikood). */
  code: string;
  name: string;
  apiKey: string;
  /** Authorised to measure (and so to finish) the waybills delivered to the register's receivers. */
  measurer?: boolean;
  /** Set up to use EVR's own assortment codes only (others name their own, within EVR's product groups). */
  evrAssortments?: boolean;
  /** The prefix of the waybill numbers it starts; derived from the name when absent. */
  waybillNumberPrefix?: string;
  address?: { countryCode: string; county: string; city: string; street: string };
  email?: string;
  phone?: string;
}

/** `PlaceOfDelivery` as pyevr names it; `registerCode` is the owning organisation's. */
export interface PlaceOfDelivery {
  code: string;
  name: string;
  registerCode: string;
  address: { countryCode: string; county: string; city: string; street: string };
  nearAddress?: string;
  coordinates?: { x: number; y: number; epsg?: number };
  openTimes?: string[];
  isPublic: boolean;
  isActive: boolean;
  preferredCertificates?: string[];
  contactPerson?: { name?: string; phone?: string; email?: string };
  waybillAuthorizations?: WaybillAuthorization[];
  description?: string;
  userCustomData?: unknown;
}

export type LoggerOption = boolean | { level?: string; stream?: NodeJS.WritableStream };

export interface EvrStandinOptions {
  organisations: Organisation[];
  placesOfDelivery?: PlaceOfDelivery[];
  /** A JSON file the register is kept in across restarts. */
  dataFile?: string;
  logger?: LoggerOption;
  /** Enables the `/__control/...` fault-injection path (tests only). */
  control?: boolean;
  /** The register's clock (tests set it to make times predictable). */
  now?: () => Date;
  /** Waybills the register holds from the start when it holds none (a demo's loads others started). */
  initialWaybills?: StoredWaybill[];
}

export interface EvrStandin {
  app: FastifyInstance;
  /** Starts listening (port 0 picks a free one) and answers the base URL. */
  listen(options?: { port?: number; host?: string }): Promise<string>;
  close(): Promise<void>;
}

const API_KEY_HEADER = 'evr-apikey';
const LANGUAGE_HEADER = 'evr-language';
const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;
const MEASUREMENT_PAGE_SIZE = 20;
const MAX_SHIPMENTS = 25;

const PROBLEM_TYPES: Record<number, string> = {
  400: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
  401: 'https://tools.ietf.org/html/rfc9110#section-15.5.2',
  403: 'https://tools.ietf.org/html/rfc9110#section-15.5.4',
  404: 'https://tools.ietf.org/html/rfc9110#section-15.5.5',
};

type Role = 'owner' | 'transporter' | 'receiver' | 'creator' | 'viewer' | 'measurer';

declare module 'fastify' {
  interface FastifyRequest {
    organisation?: Organisation;
    lang: Language;
  }
}

export function createEvrStandin(options: EvrStandinOptions): EvrStandin {
  const organisations = options.organisations.map((org) => ({
    ...org,
    waybillNumberPrefix: org.waybillNumberPrefix ?? prefixOf(org.name),
  }));
  const byKey = new Map(organisations.map((org) => [org.apiKey, org]));
  const byCode = new Map(organisations.map((org) => [org.code, org]));
  const places = options.placesOfDelivery ?? [];
  const register = new Register(options.dataFile, options.now ?? (() => new Date()));
  if (options.initialWaybills && register.all().length === 0) {
    for (const stored of options.initialWaybills) register.add(structuredClone(stored));
  }
  const faults = new Faults();

  const app = Fastify({ logger: loggerOptions(options.logger) });
  app.decorateRequest('organisation', undefined);
  app.decorateRequest('lang', 'et');

  // `finish` has no body, yet some clients still send a JSON content type with it.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('invalid JSON'), { statusCode: 400, code: 'EVR_INVALID_JSON' }), undefined);
    }
  });

  const problem = (reply: FastifyReply, status: number, title: MessageKey, detail: string) =>
    reply
      .code(status)
      .type('application/problem+json')
      .send({
        type: PROBLEM_TYPES[status],
        title: message(reply.request.lang, title),
        status,
        detail,
        instance: reply.request.url.split('?')[0],
      });

  const invalid = (reply: FastifyReply, errors: FieldErrors, status = 400) =>
    reply
      .code(status)
      .type('application/problem+json')
      .send({ type: PROBLEM_TYPES[400], title: message(reply.request.lang, 'validationTitle'), status, errors });

  const isControl = (request: FastifyRequest) => request.url.startsWith('/__control');

  app.addHook('onRequest', async (request, reply) => {
    request.lang = languageOf(request.headers[LANGUAGE_HEADER]);
    if (isControl(request)) return;
    const path = request.url.split('?')[0]!;
    const delay = faults.take(['delay'], request.method, path);
    if (delay) await sleep(delay.delayMs ?? 1000);
    const fault = faults.take(['error', 'validation'], request.method, path);
    if (fault?.kind === 'error') {
      const status = fault.status ?? 503;
      return reply
        .code(status)
        .type('application/problem+json')
        .send({ title: message(request.lang, 'faultTitle'), status, detail: fault.detail ?? message(request.lang, 'faultDetail') });
    }
    if (fault?.kind === 'validation') return invalid(reply, fault.errors ?? {}, fault.status ?? 400);
    const key = request.headers[API_KEY_HEADER];
    const organisation = typeof key === 'string' ? byKey.get(key) : undefined;
    if (!organisation) return problem(reply, 401, 'unauthorizedTitle', message(request.lang, 'unauthorizedDetail'));
    request.organisation = organisation;
  });

  // Drop the connection once the call has done its work: the client never learns the outcome.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isControl(request) || !request.organisation) return payload;
    if (faults.take(['drop'], request.method, request.url.split('?')[0]!)) {
      request.raw.socket.destroy();
      reply.hijack();
    }
    return payload;
  });

  app.setNotFoundHandler((request, reply) => problem(reply, 404, 'notFoundTitle', message(request.lang, 'routeNotFound')));
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error.code === 'EVR_INVALID_JSON' || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return invalid(reply, { $: [message(request.lang, 'invalidRequestBody')] });
    }
    if (error.statusCode && error.statusCode < 500) return problem(reply, error.statusCode, 'wrongStatusTitle', error.message);
    request.log.error(error);
    return reply.code(500).type('application/problem+json').send({ title: 'Internal Server Error', status: 500 });
  });

  const org = (request: FastifyRequest) => request.organisation!;

  const rolesOf = (stored: StoredWaybill, code: string): Set<Role> => {
    const { waybill } = stored;
    const roles = new Set<Role>();
    if (waybill.owner.code === code) roles.add('owner');
    if (waybill.transport.transporter.code === code) roles.add('transporter');
    if (waybill.receiver.code === code) roles.add('receiver');
    if (stored.creatorCode === code) roles.add('creator');
    for (const auth of waybill.waybillAuthorizations) {
      if (auth.code !== code) continue;
      roles.add(auth.type === 'forMeasuring' ? 'measurer' : 'viewer');
    }
    return roles;
  };

  /** The waybill when the caller may see it; otherwise answers 404 (EVR does not confirm others' numbers). */
  const visible = (request: FastifyRequest, reply: FastifyReply, number: string) => {
    const stored = register.get(number);
    if (stored && rolesOf(stored, org(request).code).size > 0) return stored;
    problem(reply, 404, 'notFoundTitle', message(request.lang, 'waybillNotFound', { number }));
    return undefined;
  };

  /** Who may act, and in which status; answers 403 or 400 and returns false when not. */
  const allowed = (
    request: FastifyRequest,
    reply: FastifyReply,
    stored: StoredWaybill,
    act: ActionKey,
    roles: readonly Role[],
    statuses: readonly WaybillStatus[],
  ) => {
    const mine = rolesOf(stored, org(request).code);
    if (!roles.some((role) => mine.has(role))) {
      problem(reply, 403, 'forbiddenTitle', message(request.lang, 'mayNot', { action: action(request.lang, act) }));
      return false;
    }
    if (!statuses.includes(stored.waybill.status)) {
      problem(
        reply,
        400,
        'wrongStatusTitle',
        message(request.lang, 'wrongStatus', {
          status: stored.waybill.status,
          action: action(request.lang, act),
          allowed: statuses.join(', '),
        }),
      );
      return false;
    }
    return true;
  };

  const body = (request: FastifyRequest, reply: FastifyReply, model: ModelName) => {
    const result = validate(model, request.body, request.lang, request.organisation?.evrAssortments ?? false);
    if (result.errors) {
      invalid(reply, result.errors);
      return undefined;
    }
    return result.value;
  };

  const answer = (stored: StoredWaybill, withMeasurements: boolean): Waybill => ({
    ...stored.waybill,
    waybillLatestMeasurements: withMeasurements ? (stored.acts.at(-1) ?? null) : null,
  });

  // --- Waybills -----------------------------------------------------------------------------

  app.post('/api/waybills', async (request, reply) => {
    const value = body(request, reply, 'StartWaybillRequest');
    if (!value) return reply;
    const me = org(request);
    const start = value as Json & Pick<Waybill, 'owner' | 'transport' | 'receiver' | 'placeOfDelivery' | 'shipments'>;
    if (start.owner.code !== me.code && start.transport.transporter.code !== me.code) {
      return problem(reply, 403, 'forbiddenTitle', message(request.lang, 'notOwnerOrTransporter'));
    }
    const placeCode = start.placeOfDelivery.code;
    const place = placeCode === undefined ? undefined : places.find((p) => p.code === placeCode);
    if (placeCode !== undefined && !place) {
      return invalid(reply, { 'placeOfDelivery.code': [message(request.lang, 'unknownPlaceOfDelivery', { code: placeCode })] });
    }
    // When the receiver has joined EVR, the place of delivery must be one of the receiver's.
    if (place && byCode.has(start.receiver.code) && place.registerCode !== start.receiver.code) {
      return invalid(reply, { 'placeOfDelivery.code': [message(request.lang, 'placeNotReceivers', { code: place.code })] });
    }
    const authorizations: WaybillAuthorization[] = [
      ...(place?.waybillAuthorizations ?? []),
      ...organisations.filter((o) => o.measurer).map((o) => ({ code: o.code, type: 'forMeasuring' as const })),
      ...((value.viewers as { code: string }[] | undefined) ?? []).map((v) => ({ code: v.code, type: 'forViewing' as const })),
    ].filter((auth, i, all) => all.findIndex((a) => a.code === auth.code && a.type === auth.type) === i);
    const { viewers: _viewers, ...fields } = value;
    const time = register.now();
    const waybill: Waybill = {
      ...(fields as typeof start),
      number: register.nextNumber(me.waybillNumberPrefix ?? prefixOf(me.name)),
      status: 'shipping',
      creationTime: time,
      cancellationTime: null,
      cancellationReason: null,
      totalJourneyMileage: null,
      unloadingComment: null,
      unloadingTime: null,
      finishingTime: null,
      lastModificationTime: time,
      notes: [],
      waybillAuthorizations: authorizations,
      waybillLatestMeasurements: null,
    };
    register.add({ waybill, creatorCode: me.code, acts: [] });
    return reply.code(200).type('application/json').send(JSON.stringify(waybill.number));
  });

  app.get<{ Params: { number: string }; Querystring: Record<string, string> }>('/api/waybills/:number', async (request, reply) => {
    const stored = visible(request, reply, request.params.number);
    if (!stored) return reply;
    return answer(stored, request.query.include_latest_measurements === 'true');
  });

  app.get<{ Querystring: Record<string, string | string[]> }>('/api/waybills', async (request, reply) => {
    const query = listQuery(request.query, request.lang);
    if ('errors' in query) return invalid(reply, query.errors);
    for (const [after, before] of [
      ['last_modified_after', 'last_modified_before'],
      ['created_after', 'created_before'],
    ] as const) {
      const from = query.dates[after];
      const to = query.dates[before];
      if (from && to && addMonth(from) < to) {
        return problem(reply, 400, 'wrongStatusTitle', message(request.lang, 'windowTooLong', { after, before }));
      }
    }
    const me = org(request).code;
    const { dates, text } = query;
    const terms = parseSearch(text ?? '');
    const equal = (value: string | undefined, wanted: string | undefined) => wanted === undefined || value === wanted;
    const found = register
      .all()
      .filter((stored) => rolesOf(stored, me).size > 0)
      .filter(({ waybill: w }) => {
        const modified = Date.parse(w.lastModificationTime);
        const created = Date.parse(w.creationTime);
        return (
          (!dates.last_modified_after || modified > dates.last_modified_after.getTime()) &&
          (!dates.last_modified_before || modified < dates.last_modified_before.getTime()) &&
          (!dates.created_after || created >= dates.created_after.getTime()) &&
          (!dates.created_before || created <= dates.created_before.getTime()) &&
          equal(w.status, query.status) &&
          equal(w.owner.code, query.owner_code) &&
          equal(w.transport.transporter.code, query.transporter_code) &&
          equal(w.receiver.code, query.receiver_code) &&
          equal(w.transport.vanRegistrationNumber, query.van_registration_number) &&
          equal(w.transport.trailerRegistrationNumber, query.trailer_registration_number) &&
          equal(w.transport.driverIdCode, query.driver_id_code) &&
          equal(w.placeOfDelivery.code, query.place_of_delivery_code) &&
          matchesSearch(w, terms)
        );
      });
    const [field, direction] = SORTS[query.sort];
    found.sort((a, b) => direction * (a.waybill[field] < b.waybill[field] ? -1 : a.waybill[field] > b.waybill[field] ? 1 : 0));
    const start = (query.page - 1) * query.pageSize;
    return {
      pageNumber: query.page,
      pageSize: query.pageSize,
      pageResult: found.slice(start, start + query.pageSize).map((stored) => answer(stored, query.includeLatestMeasurements)),
      totalCount: found.length,
    };
  });

  app.post<{ Params: { number: string } }>('/api/waybills/:number/shipments', async (request, reply) => {
    const value = body(request, reply, 'AddShipmentsToWaybillRequest');
    if (!value) return reply;
    const stored = visible(request, reply, request.params.number);
    if (!stored || !allowed(request, reply, stored, 'addShipments', ['creator', 'transporter'], ['shipping'])) return reply;
    const shipments = value.shipments as Json[];
    const count = stored.waybill.shipments.length;
    if (count + shipments.length > MAX_SHIPMENTS) {
      return invalid(reply, { shipments: [message(request.lang, 'tooManyShipmentsInTotal', { max: MAX_SHIPMENTS, count })] });
    }
    stored.waybill.shipments.push(...shipments);
    register.changed(stored, register.now());
    return reply.code(200).send();
  });

  app.post<{ Params: { number: string } }>('/api/waybills/:number/note', async (request, reply) => {
    const value = body(request, reply, 'AddWaybillNoteRequest');
    if (!value) return reply;
    const stored = visible(request, reply, request.params.number);
    // Every party may add a note except an authorised viewer.
    const roles: Role[] = ['owner', 'transporter', 'receiver', 'creator', 'measurer'];
    if (!stored || !allowed(request, reply, stored, 'addNote', roles, WAYBILL_STATUSES)) return reply;
    const me = org(request);
    const time = register.now();
    stored.waybill.notes.push({ creator: { name: me.name, code: me.code }, creationTime: time, message: value.message as string });
    register.changed(stored, time);
    return reply.code(200).send();
  });

  app.post<{ Params: { number: string } }>('/api/waybills/:number/unload', async (request, reply) => {
    const value = body(request, reply, 'UnloadWaybillRequest');
    if (!value) return reply;
    const stored = visible(request, reply, request.params.number);
    if (!stored || !allowed(request, reply, stored, 'unload', ['creator', 'transporter'], ['shipping'])) return reply;
    const time = register.now();
    Object.assign(stored.waybill, {
      status: 'unloaded',
      totalJourneyMileage: value.totalJourneyMileage as number,
      unloadingComment: (value.comment as string | undefined) ?? null,
      unloadingTime: time,
    });
    register.changed(stored, time);
    return reply.code(200).send();
  });

  app.post<{ Params: { number: string } }>('/api/waybills/:number/finish', async (request, reply) => {
    const stored = visible(request, reply, request.params.number);
    if (!stored || !allowed(request, reply, stored, 'finish', ['receiver', 'measurer'], ['unloaded'])) return reply;
    const time = register.now();
    Object.assign(stored.waybill, { status: 'finished', finishingTime: time });
    register.changed(stored, time);
    return reply.code(200).send();
  });

  app.post<{ Params: { number: string } }>('/api/waybills/:number/cancel', async (request, reply) => {
    const value = body(request, reply, 'CancelWaybillRequest');
    if (!value) return reply;
    const stored = visible(request, reply, request.params.number);
    // pyevr: "the creator can cancel a waybill until it has been accepted" (accepted: unloaded).
    if (!stored || !allowed(request, reply, stored, 'cancel', ['creator'], ['shipping'])) return reply;
    const time = register.now();
    Object.assign(stored.waybill, { status: 'cancelled', cancellationTime: time, cancellationReason: value.reason as string });
    register.changed(stored, time);
    return reply.code(200).send();
  });

  app.get<{ Params: { number: string }; Querystring: Record<string, string> }>(
    '/api/waybills/:number/measurements',
    async (request, reply) => {
      const page = positiveInt(request.query.page, 1);
      if (page === null) return invalid(reply, { page: [message(request.lang, 'range', { min: 1, max: Number.MAX_SAFE_INTEGER })] });
      const stored = visible(request, reply, request.params.number);
      if (!stored) return reply;
      const start = (page - 1) * MEASUREMENT_PAGE_SIZE;
      return {
        pageNumber: page,
        pageSize: MEASUREMENT_PAGE_SIZE,
        pageResult: stored.acts.slice(start, start + MEASUREMENT_PAGE_SIZE),
        totalCount: stored.acts.length,
      };
    },
  );

  app.post<{ Params: { number: string } }>('/api/waybills/:number/measurements', async (request, reply) => {
    const value = body(request, reply, 'AddMeasurementActRequest');
    if (!value) return reply;
    const stored = visible(request, reply, request.params.number);
    if (!stored || !allowed(request, reply, stored, 'measure', ['receiver', 'measurer'], ['unloaded'])) return reply;
    const time = register.now();
    const act: MeasurementAct = {
      actNumber: (value.actNumber as string | undefined) ?? null,
      actDate: (value.actDate as string | undefined) ?? null,
      measurements: (value.measurements as Json[] | undefined) ?? [],
      customMeasurementData: value.customMeasurementData ?? null,
      measurerCode: org(request).code,
      creationTime: time,
      total: (value.total as Json | undefined) ?? null,
    };
    stored.acts.push(act);
    register.changed(stored, time);
    return reply.code(200).send();
  });

  // --- Reference data -----------------------------------------------------------------------

  const paged = <T>(request: FastifyRequest<{ Querystring: Record<string, string> }>, reply: FastifyReply, items: readonly T[]) => {
    const page = positiveInt(request.query.page, 1);
    const pageSize = positiveInt(request.query.page_size, DEFAULT_PAGE_SIZE);
    const errors: FieldErrors = {};
    if (page === null) errors.page = [message(request.lang, 'range', { min: 1, max: Number.MAX_SAFE_INTEGER })];
    if (pageSize === null || pageSize > MAX_PAGE_SIZE) errors.page_size = [message(request.lang, 'range', { min: 1, max: MAX_PAGE_SIZE })];
    if (page === null || pageSize === null || pageSize > MAX_PAGE_SIZE) return invalid(reply, errors);
    const start = (page - 1) * pageSize;
    return { pageNumber: page, pageSize, pageResult: items.slice(start, start + pageSize), totalCount: items.length };
  };

  type ListRequest = FastifyRequest<{ Querystring: Record<string, string> }>;
  app.get('/api/assortments', async (request: ListRequest, reply) => paged(request, reply, ASSORTMENTS));
  app.get('/api/measurementunits', async (request: ListRequest, reply) => paged(request, reply, MEASUREMENT_UNITS));
  app.get('/api/certificates', async (request: ListRequest, reply) => paged(request, reply, CERTIFICATES));

  const organisationAnswer = (o: (typeof organisations)[number]) => ({
    name: o.name,
    waybillNumberPrefix: o.waybillNumberPrefix,
    registerCode: o.code,
    address: o.address ?? null,
    email: o.email ?? null,
    phone: o.phone ?? null,
    contactPersons: [],
  });

  app.get('/api/organizations', async (request: ListRequest, reply) => {
    const { code_starts_with: code, name_contains: name } = request.query;
    const found = organisations.filter(
      (o) => (!code || o.code.startsWith(code)) && (!name || o.name.toLowerCase().includes(name.toLowerCase())),
    );
    return paged(request, reply, found.map(organisationAnswer));
  });

  app.get('/api/me', (request, reply) => reply.send(organisationAnswer(organisations.find((o) => o.code === org(request).code)!)));

  app.get('/api/placeofdeliveries', async (request: ListRequest, reply) => {
    const me = org(request).code;
    const { name_contains: name, code_starts_with: code, register_code: owner, address } = request.query;
    const found = places.filter(
      (p) =>
        (p.registerCode === me || (p.isPublic && p.isActive)) &&
        (!name || p.name.toLowerCase().includes(name.toLowerCase())) &&
        (!code || p.code.startsWith(code)) &&
        (!owner || p.registerCode === owner) &&
        (!address || Object.values(p.address).join(' ').toLowerCase().includes(address.toLowerCase())),
    );
    return paged(request, reply, found);
  });

  app.get<{ Params: { code: string } }>('/api/placeofdeliveries/:code', async (request, reply) => {
    // Only one's own places can be read one by one.
    const place = places.find((p) => p.code === request.params.code && p.registerCode === org(request).code);
    return place ?? problem(reply, 404, 'notFoundTitle', message(request.lang, 'placeNotFound', { code: request.params.code }));
  });

  // --- Control path (tests only) ------------------------------------------------------------

  if (options.control) {
    app.register(
      (control, _options, done) => {
        control.addHook('onRequest', async (request, reply) => {
          // Never reachable as an EVR client: a request carrying an EVR key is refused.
          if (request.headers[API_KEY_HEADER] !== undefined) {
            return problem(reply, 403, 'forbiddenTitle', 'The control path does not take an EVR-APIKEY.');
          }
        });
        control.get('/faults', (_request, reply) => reply.send(faults.list()));
        control.post('/faults', async (request, reply) => {
          const input = request.body;
          if (!isObject(input) || !FAULT_KINDS.includes(input.kind as never)) {
            return reply.code(400).send({ error: `kind must be one of ${FAULT_KINDS.join(', ')}` });
          }
          return reply.code(201).send(faults.add(input as unknown as FaultInput));
        });
        control.delete('/faults', (_request, reply) => {
          faults.clear();
          return reply.code(204).send();
        });
        control.post('/reset', (_request, reply) => {
          faults.clear();
          register.clear();
          return reply.code(204).send();
        });
        done();
      },
      { prefix: '/__control' },
    );
  }

  return {
    app,
    async listen({ port = 0, host = '127.0.0.1' } = {}) {
      await app.listen({ port, host });
      const address = app.server.address() as AddressInfo;
      const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      return `http://${shown}:${address.port}`;
    },
    close: () => app.close(),
  };
}

const SORTS = {
  creationTimeAsc: ['creationTime', 1],
  creationTimeDesc: ['creationTime', -1],
  lastModificationTimeAsc: ['lastModificationTime', 1],
  lastModificationTimeDesc: ['lastModificationTime', -1],
} as const;
type SortName = keyof typeof SORTS;

const DATE_PARAMS = ['created_after', 'created_before', 'last_modified_after', 'last_modified_before'] as const;
const TEXT_PARAMS = [
  'status',
  'owner_code',
  'transporter_code',
  'receiver_code',
  'van_registration_number',
  'trailer_registration_number',
  'driver_id_code',
  'place_of_delivery_code',
  'text',
] as const;

/** Every query parameter `GET /api/waybills` takes, by its wire name. */
export const LIST_PARAMETERS = [...DATE_PARAMS, ...TEXT_PARAMS, 'sort', 'page', 'page_size', 'include_latest_measurements'] as const;

interface ListQuery extends Partial<Record<(typeof TEXT_PARAMS)[number], string>> {
  dates: Partial<Record<(typeof DATE_PARAMS)[number], Date>>;
  sort: SortName;
  page: number;
  pageSize: number;
  includeLatestMeasurements: boolean;
}

function listQuery(raw: Record<string, string | string[]>, lang: Language): ListQuery | { errors: FieldErrors } {
  const one = (name: string) => {
    const value = raw[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const errors: FieldErrors = {};
  const fail = (name: string, key: MessageKey, params: Record<string, string | number> = {}) => {
    (errors[name] ??= []).push(message(lang, key, params));
  };
  const query: ListQuery = { dates: {}, sort: 'creationTimeDesc', page: 1, pageSize: DEFAULT_PAGE_SIZE, includeLatestMeasurements: false };
  for (const name of DATE_PARAMS) {
    const value = one(name);
    if (value === undefined) continue;
    const date = parseDateTime(value);
    if (date) query.dates[name] = date;
    else fail(name, 'notDateTime');
  }
  for (const name of TEXT_PARAMS) {
    const value = one(name);
    if (value !== undefined && value !== '') query[name] = value;
  }
  if (query.status !== undefined && !(WAYBILL_STATUSES as readonly string[]).includes(query.status)) {
    fail('status', 'oneOf', { values: WAYBILL_STATUSES.join(', ') });
  }
  const sort = one('sort');
  if (sort !== undefined) {
    if (sort in SORTS) query.sort = sort as SortName;
    else fail('sort', 'oneOf', { values: Object.keys(SORTS).join(', ') });
  }
  const page = positiveInt(one('page'), 1);
  if (page === null) fail('page', 'range', { min: 1, max: Number.MAX_SAFE_INTEGER });
  else query.page = page;
  const pageSize = positiveInt(one('page_size'), DEFAULT_PAGE_SIZE);
  if (pageSize === null || pageSize > MAX_PAGE_SIZE) fail('page_size', 'range', { min: 1, max: MAX_PAGE_SIZE });
  else query.pageSize = pageSize;
  const include = one('include_latest_measurements');
  if (include !== undefined) {
    if (include === 'true' || include === 'false') query.includeLatestMeasurements = include === 'true';
    else fail('include_latest_measurements', 'notBoolean');
  }
  return Object.keys(errors).length > 0 ? { errors } : query;
}

function positiveInt(value: string | undefined, fallback: number): number | null {
  if (value === undefined || value === '') return fallback;
  return /^\d+$/.test(value) && Number(value) >= 1 ? Number(value) : null;
}

function addMonth(date: Date): Date {
  const later = new Date(date.getTime());
  later.setUTCMonth(later.getUTCMonth() + 1);
  return later;
}

function prefixOf(name: string): string {
  const letters = name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase();
  return (letters.slice(0, 3) || 'EVR').padEnd(3, 'X');
}

function loggerOptions(logger: LoggerOption | undefined) {
  if (!logger) return false;
  const { level = 'info', stream } = logger === true ? {} : logger;
  return {
    level,
    ...(stream ? { stream } : {}),
    // Headers are logged to follow a client's calls, but an API key never leaves the process.
    serializers: {
      req: (request: { method: string; url: string; headers: Record<string, unknown> }) => ({
        method: request.method,
        url: request.url,
        headers: request.headers,
      }),
    },
    redact: { paths: [`req.headers["${API_KEY_HEADER}"]`], censor: '[redacted]' },
  };
}
