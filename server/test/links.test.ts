import { test, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, waitFor, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('links', () => {
  /** Links the API hands out (list paging, export downloads) never come from the Host header. */
  const servers: TestServer[] = [];
  after(async () => {
    for (const s of servers) await s.close();
  });

  async function links(s: TestServer, headers: Record<string, string>) {
    const token = await s.user();
    const page = await s.req('GET', '/api/waybills/?pageSize=5&pageNumber=2', { token, headers });
    const created = await s.req('POST', '/api/worklogs/worklog_report/', { token, body: { format: 'csv' }, headers });
    const done = await waitFor(
      async () => {
        const r = await s.req('GET', `/api/export-requests/${created.body.id}/`, { token, headers });
        return r.body.fileUrl ? r.body : null;
      },
      30_000,
      'export',
    );
    return { next: page.body.next as string, previous: page.body.previous as string, fileUrl: done.fileUrl as string };
  }

  // Both a forged Host and, behind a trusted proxy, a forged X-Forwarded-Host.
  const forged = { host: 'evil.example.com', 'x-forwarded-host': 'evil.example.com', 'x-forwarded-proto': 'https' };

  describe('absolute links only from PUBLIC_URL', () => {
    test('without PUBLIC_URL: relative links, whatever Host says', async () => {
      const s = await startServer({ trustProxy: true });
      servers.push(s);
      const l = await links(s, forged);
      assert.equal(l.next, '/api/waybills/?pageSize=5&pageNumber=3');
      assert.equal(l.previous, '/api/waybills/?pageSize=5&pageNumber=1');
      assert.match(l.fileUrl, /^\/api\/export-requests\/[0-9a-f-]+\/download_attachment\/\?token=/);
      assert.equal((await fetch(s.url + l.fileUrl)).status, 200);
    });

    test('with PUBLIC_URL: absolute on it, whatever Host says', async () => {
      const s = await startServer({ trustProxy: true, publicUrl: 'https://timberlog.example.com/' });
      servers.push(s);
      const l = await links(s, forged);
      assert.equal(l.next, 'https://timberlog.example.com/api/waybills/?pageSize=5&pageNumber=3');
      assert.ok(l.fileUrl.startsWith('https://timberlog.example.com/api/export-requests/'));
      for (const link of Object.values(l)) assert.ok(!link.includes('evil'));
    });

    test("a download link stops working when the account's sessions end (password change)", async () => {
      const s = await startServer();
      servers.push(s);
      const l = await links(s, {});
      assert.equal((await fetch(s.url + l.fileUrl)).status, 200);
      const r = await s.write('PATCH', '/api/user/user@timberlog.ee/', { token: await s.staff(), body: { password: 'Staabi-antud-2026' } });
      assert.equal(r.status, 200);
      assert.equal((await fetch(s.url + l.fileUrl)).status, 401);
    });
  });
});
