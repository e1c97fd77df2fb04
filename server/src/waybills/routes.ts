import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Static } from '@sinclair/typebox';
import type { App } from '../infra/context.js';
import { FieldErrors, nonFieldError } from '../http/errors.js';
import { findOne, runListJson, sendJsonText } from '../list/index.js';
import { nextDocumentNumber } from '../records/numbers.js';
import { errors, ref, Type, conflict, IfMatchHeaders } from '../http/schema.js';
import {
  DOCUMENT_NUMBER,
  documentNumber,
  LIMITS,
  LOAD_LIMITS,
  WAYBILL_DELETABLE_STATUSES,
  WAYBILL_EDITABLE_STATUSES,
  WAYBILL_TRANSITIONS,
} from '@timberlog/contract';
import { currentUser, writer } from '../auth/guards.js';
import { createExportRequest } from '../exports/service.js';
import { ExportRequest } from '../exports/schemas.js';
import {
  CORRECTIONS_TEXT,
  numberParams,
  ReportBody,
  Waybill,
  WaybillCreate,
  WaybillListItem,
  WaybillListQuery,
  WaybillPage,
  WaybillPatch,
  WaybillUpdate,
} from './schemas.js';
import { waybillSpec } from './queries.js';
import { transaction } from '../infra/transaction.js';
import { lockForWrite, withEtag } from '../records/versions.js';
import { applyWaybillChange, applyWaybillDelete, checkFields, defaultParties, newWaybillRow, type WaybillChange } from './changes.js';

const NumberParams = numberParams('waybill', DOCUMENT_NUMBER.waybillPrefix);
export const waybillSchemas = [Waybill, WaybillListItem, WaybillPage];

/** `draft to confirmed or cancelled, confirmed to ...`, for the API document. */
const TRANSITIONS = Object.entries(WAYBILL_TRANSITIONS)
  .filter(([, to]) => to.length > 0)
  .map(([from, to]) => `${from} to ${to.join(' or ')}`)
  .join(', ');

export async function waybillRoutes(app: App) {
  const { db } = app.ctx;
  const tags = ['waybills'];
  const get = async (number: string) =>
    (await findOne(db, waybillSpec, sql`b.number = ${number}`)) as Static<typeof Waybill> & { version: number };

  app.get(
    '/waybills/',
    {
      schema: {
        operationId: 'listWaybills',
        summary: 'List waybills',
        description: 'Any signed-in user. Waybills are the transport documents of timber loads, from an origin to a destination warehouse.',
        tags,
        querystring: WaybillListQuery,
        response: { 200: ref(WaybillPage), ...errors(400, 401, 404) },
      },
    },
    // The page's JSON is written by the database (runListJson): sent as it is, not serialized again.
    async (request, reply) => sendJsonText(reply, await runListJson(db, request, waybillSpec, request.query)),
  );

  app.post(
    '/waybills/',
    {
      schema: {
        operationId: 'createWaybill',
        summary: 'Create a waybill',
        description: `Any signed-in user. The waybill starts as a draft. Origin and destination must be warehouse codes in use, the assortment must exist and be active, the quantity above zero with at most ${LIMITS.quantityMaxDecimals} decimals and at most one load of the assortment's unit (${LOAD_LIMITS.m3} m³ or ${LOAD_LIMITS.t} t). When no destination company is given, the destination warehouse's company is taken; when no owner is given, the origin warehouse's company; when no transporter, our own company (setting \`OWN_COMPANY_REGISTRY_CODE\`). A draft may lack any EVR field, but a value given must be well formed (personal ID codes with their check digit, cadastral numbers \`78401:001:0123\`, EUDR numbers as TRACES gives them). When no number is given, the next number is assigned (the year of creation and a running number that never restarts, so no number repeats: \`${documentNumber(DOCUMENT_NUMBER.waybillPrefix, 2026, 1)}\`); a given number must be free.`,
        tags,
        body: WaybillCreate,
        response: { 201: ref(Waybill), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const number = await transaction(
        db,
        async (trx) => {
          const errs = new FieldErrors();
          const f = await defaultParties(trx, await checkFields(trx, request.body, errs), app.ctx.config.ownCompany);
          const wanted = request.body.number?.trim();
          if (wanted && (await trx.selectFrom('waybills').select('number').where('number', '=', wanted).executeTakeFirst()))
            errs.add('number', 'waybill.numberTaken');
          errs.throwIfAny();
          const number = wanted || (await nextDocumentNumber(trx, 'waybillPrefix'));
          await trx
            .insertInto('waybills')
            .values(newWaybillRow(number, f, user.email))
            .execute();
          return number;
        },
        writer(request),
      );
      reply.status(201);
      return withEtag(reply, await get(number));
    },
  );

  app.get(
    '/waybills/:number/',
    {
      schema: {
        operationId: 'getWaybill',
        summary: 'Get a waybill',
        description: 'Any signed-in user.',
        tags,
        params: NumberParams,
        response: { 200: ref(Waybill), ...errors(401, 404) },
      },
    },
    async (request, reply) => withEtag(reply, await get(request.params.number)),
  );

  const update = async (request: FastifyRequest, number: string, body: WaybillChange) => {
    const reason = body.reason?.trim();
    await transaction(
      db,
      async (trx) => {
        const { evrQueued } = await applyWaybillChange(
          trx,
          currentUser(request),
          number,
          body,
          () => lockForWrite(request, trx, 'waybills', number, () => get(number), ['status']),
          { evr: Boolean(app.ctx.config.evrUrl) },
        );
        if (evrQueued) await app.ctx.jobs.sendEvr(number, trx);
      },
      writer(request, { reason }),
    );
    return get(number);
  };

  app.put(
    '/waybills/:number/',
    {
      schema: {
        operationId: 'updateWaybill',
        summary: 'Update a waybill',
        description: `Any signed-in user. Fields can be edited only while the status is ${WAYBILL_EDITABLE_STATUSES.join(' or ')}. \`status\` moves the waybill along the allowed transitions only: ${TRANSITIONS}; \`invoiced\` is reached only by invoicing. Staff may also make a correction, with a \`reason\` its history keeps: ${CORRECTIONS_TEXT} (403 for others, 400 without a reason). The same reference rules as on create apply.`,
        tags,
        params: NumberParams,
        body: WaybillUpdate,
        headers: IfMatchHeaders,
        response: { 200: ref(Waybill), ...errors(400, 401, 404), ...conflict(ref(Waybill)) },
      },
    },
    async (request, reply) => withEtag(reply, await update(request, request.params.number, request.body)),
  );

  app.patch(
    '/waybills/:number/',
    {
      schema: {
        operationId: 'patchWaybill',
        summary: 'Update some fields of a waybill, or change its status',
        description: 'As PUT, with every field optional: `{"status": "confirmed"}` alone changes the status.',
        tags,
        params: NumberParams,
        body: WaybillPatch,
        headers: IfMatchHeaders,
        response: { 200: ref(Waybill), ...errors(400, 401, 404), ...conflict(ref(Waybill)) },
      },
    },
    async (request, reply) => withEtag(reply, await update(request, request.params.number, request.body)),
  );

  app.delete(
    '/waybills/:number/',
    {
      schema: {
        operationId: 'deleteWaybill',
        summary: 'Delete a waybill',
        description: `Any signed-in user. Only a waybill in status ${WAYBILL_DELETABLE_STATUSES.join(' or ')} can be deleted.`,
        tags,
        params: NumberParams,
        headers: IfMatchHeaders,
        response: { 204: Type.Null(), ...errors(400, 401, 404), ...conflict(ref(Waybill)) },
      },
    },
    async (request, reply) => {
      await transaction(
        db,
        (trx) =>
          applyWaybillDelete(trx, request.params.number, () =>
            lockForWrite(request, trx, 'waybills', request.params.number, () => get(request.params.number), ['status']),
          ),
        writer(request),
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/waybills/:number/evr_retry/',
    {
      schema: {
        operationId: 'retryWaybillEvr',
        summary: 'Send a waybill to EVR again',
        description:
          'Any signed-in user. Only a waybill whose exchange with EVR failed (`evrSync` `failed`) is sent again: it goes back to `sending` and its job is queued; the job brings EVR in line with the waybill as it is then (a start never makes a second EVR waybill).',
        tags,
        params: NumberParams,
        headers: IfMatchHeaders,
        response: { 200: ref(Waybill), ...errors(400, 401, 404), ...conflict(ref(Waybill)) },
      },
    },
    async (request, reply) => {
      const number = request.params.number;
      await transaction(
        db,
        async (trx) => {
          await lockForWrite(request, trx, 'waybills', number, () => get(number), ['status']);
          const row = await trx.selectFrom('waybills').select(['evrSync']).where('number', '=', number).executeTakeFirstOrThrow();
          if (row.evrSync !== 'failed') throw nonFieldError('evr.notFailed');
          await trx
            .updateTable('waybills')
            .set({ evrSync: 'sending', evrFailure: null, evrError: null })
            .where('number', '=', number)
            .execute();
          await app.ctx.jobs.sendEvr(number, trx);
        },
        writer(request),
      );
      return withEtag(reply, await get(number));
    },
  );

  app.post(
    '/waybills/waybill_report/',
    {
      schema: {
        operationId: 'createWaybillReport',
        summary: 'Export waybills to a report file',
        description:
          "Any signed-in user. Takes the same filters, search and sort as the waybill list in the query string and the file format in the body; answers the new export request at once. The file (xlsx or csv, headings and statuses in the caller's language) is written in the background: poll the export request until it completes, then download it. One user may have a few exports in progress at once (`EXPORTS_IN_PROGRESS_PER_USER`); past that the answer is 429 with `Retry-After`.",
        tags,
        querystring: WaybillListQuery,
        body: ReportBody,
        response: { 201: ref(ExportRequest), ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createExportRequest(app.ctx, request, {
        kind: 'waybill_report',
        format: request.body.format,
        filters: request.query,
        user: currentUser(request),
      });
    },
  );
}
