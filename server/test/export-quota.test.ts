import { test, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, waitFor, type TestServer } from './helpers.js';
import { sql } from 'kysely';
import { failAbandonedExports, purgeOldReports } from '../src/exports/service.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('export-quota', () => {
  /** Exports have a per-user quota, and report files are deleted after the retention period. */
  const servers: TestServer[] = [];
  after(async () => {
    for (const s of servers) await s.close();
  });

  describe('export quota', () => {
    test('parallel requests past the per-user cap get a translated 429; other users are not affected', async () => {
      const s = await startServer({ exportsInProgressPerUser: 2 }, { workers: false });
      servers.push(s);
      const token = await s.user();
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          s.req('POST', '/api/waybills/waybill_report/', { token, body: { format: 'csv' }, headers: { 'accept-language': 'et' } }),
        ),
      );
      assert.deepEqual(answers.map((r) => r.status).sort(), [201, 201, 429, 429, 429, 429]);
      const refused = answers.find((r) => r.status === 429)!;
      assert.match(refused.body.detail, /eksporti pooleli/);
      assert.ok(Number(refused.headers.get('retry-after')) > 0);
      const other = await s.req('POST', '/api/worklogs/worklog_report/', { token: await s.staff(), body: { format: 'csv' } });
      assert.equal(other.status, 201);
    });
  });

  describe('abandoned exports', () => {
    test('an export whose job the queue gave up is marked failed, in its language, and frees its place in the quota', async () => {
      const s = await startServer({ exportsInProgressPerUser: 2 }, { workers: false });
      servers.push(s);
      const token = await s.user();
      const ask = () =>
        s.req('POST', '/api/waybills/waybill_report/', { token, body: { format: 'csv' }, headers: { 'accept-language': 'et' } });
      const [given, live] = [(await ask()).body.id as string, (await ask()).body.id as string];
      assert.equal((await ask()).status, 429);

      // Nothing abandoned yet: both jobs wait in the queue.
      assert.equal(await failAbandonedExports(s.ctx), 0);
      // The last attempt of one died with its process: the queue marks its job failed and never runs it again.
      await sql`UPDATE pgboss.job SET state = 'failed' WHERE data->>'id' = ${given}`.execute(s.ctx.db);
      assert.equal(await failAbandonedExports(s.ctx), 1);
      assert.equal(await failAbandonedExports(s.ctx), 0, 'ended once');

      const ended = (await s.req('GET', `/api/export-requests/${given}/`, { token })).body;
      assert.equal(ended.inProgress, false);
      assert.equal(ended.failed, true);
      assert.match(ended.lastErrorMessage, /^Aruannet ei õnnestunud koostada/);
      assert.ok(ended.completeTimestamp);
      assert.equal((await s.req('GET', `/api/export-requests/${live}/`, { token })).body.inProgress, true);
      assert.equal((await ask()).status, 201, 'the place is free again');
    });
  });

  describe('report retention', () => {
    test('finished reports older than the retention period lose their file and request; newer ones stay', async () => {
      const s = await startServer({ reportRetentionDays: 7 });
      servers.push(s);
      const token = await s.user();
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) {
        const r = await s.req('POST', '/api/waybills/waybill_report/', { token, body: { format: 'csv' } });
        ids.push(r.body.id);
        await waitFor(
          async () => (await s.req('GET', `/api/export-requests/${r.body.id}/`, { token })).body.completeTimestamp,
          30_000,
          'export',
        );
      }
      const rows = await s.ctx.db.selectFrom('exportRequests').select(['id', 'attachment']).where('id', 'in', ids).execute();
      const file = (id: string) => path.join(s.ctx.config.dataDir, 'exports', rows.find((x) => x.id === id)!.attachment!);
      assert.ok(fs.existsSync(file(ids[0]!)) && fs.existsSync(file(ids[1]!)));
      await s.ctx.db
        .updateTable('exportRequests')
        .set({ completeTimestamp: new Date(Date.now() - 8 * 86400_000) })
        .where('id', '=', ids[0]!)
        .execute();
      assert.equal(await purgeOldReports(s.ctx), 1);
      assert.equal(fs.existsSync(file(ids[0]!)), false);
      assert.equal((await s.req('GET', `/api/export-requests/${ids[0]}/`, { token })).status, 404);
      assert.equal(fs.existsSync(file(ids[1]!)), true);
      assert.equal((await s.req('GET', `/api/export-requests/${ids[1]}/`, { token })).status, 200);
    });
  });
});
