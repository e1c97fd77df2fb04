import { test, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createMailer } from '../src/infra/mail.js';
import { loadConfig } from '../src/infra/config.js';
import { startServer, waitFor, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('private-files', () => {
  /** Secrets stay out of logs and out of other users' reach. */
  const servers: TestServer[] = [];
  const dirs: string[] = [];
  after(async () => {
    for (const s of servers) await s.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });
  const mode = (p: string) => fs.statSync(p).mode & 0o777;

  describe('mail outbox', () => {
    for (const demoMode of [false, true]) {
      test(`the log names the file, never the link; folder 0700, file 0600${demoMode ? '; the demo prints the link to the terminal once' : ''}`, async () => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'timberlog-mail-'));
        dirs.push(dataDir);
        let logged = '';
        const log = pino(
          { level: 'info' },
          new Writable({
            write(chunk, _enc, done) {
              logged += String(chunk);
              done();
            },
          }),
        );
        const printed: string[] = [];
        const original = console.log;
        console.log = (...args: unknown[]) => void printed.push(args.join(' '));
        try {
          const link = 'http://localhost:8080/auth/reset-password?token=SECRET-TOKEN-123';
          await createMailer(loadConfig({ dataDir, smtpUrl: undefined, demoMode }), log as never).send({
            to: 'a@example.com',
            subject: 'Reset',
            text: `Open ${link}`,
            link,
          });
          assert.ok(logged.includes('outbox'));
          assert.ok(!logged.includes('SECRET-TOKEN-123'), logged);
          assert.deepEqual(printed.filter((l) => l.includes('SECRET-TOKEN-123')).length, demoMode ? 1 : 0);
        } finally {
          console.log = original;
        }
        const dir = path.join(dataDir, 'outbox');
        assert.equal(mode(dir), 0o700);
        for (const f of fs.readdirSync(dir)) assert.equal(mode(path.join(dir, f)), 0o600);
      });
    }
  });

  test('report files: folder 0700, file 0600', async () => {
    const s = await startServer();
    servers.push(s);
    const token = await s.user();
    const r = await s.req('POST', '/api/waybills/waybill_report/', { token, body: { format: 'csv' } });
    await waitFor(
      async () => (await s.req('GET', `/api/export-requests/${r.body.id}/`, { token })).body.completeTimestamp,
      30_000,
      'export',
    );
    const dir = path.join(s.ctx.config.dataDir, 'exports');
    assert.equal(mode(dir), 0o700);
    const files = fs.readdirSync(dir);
    assert.ok(files.length > 0);
    for (const f of files) assert.equal(mode(path.join(dir, f)), 0o600);
  });
});
