import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startServer, waitFor, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('compression', () => {
  /**
   * Compression and caching: the web app's files go out as the build's Brotli/gzip copies with
   * `Vary: Accept-Encoding`, hashed ones cached for a year and the rest revalidated; API answers
   * over 1 kB are compressed on the fly, smaller ones are not; report downloads still work.
   */

  interface Raw {
    status: number;
    headers: http.IncomingHttpHeaders;
    body: Buffer;
  }

  /** A GET that shows the bytes as sent (fetch would decompress them and hide Content-Encoding). */
  function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
    return new Promise((resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        })
        .on('error', reject);
    });
  }

  const decode = (r: Raw): string => {
    const encoding = r.headers['content-encoding'];
    if (encoding === 'br') return zlib.brotliDecompressSync(r.body).toString('utf8');
    if (encoding === 'gzip') return zlib.gunzipSync(r.body).toString('utf8');
    assert.equal(encoding, undefined, `unexpected Content-Encoding ${encoding}`);
    return r.body.toString('utf8');
  };

  const varies = (r: Raw) =>
    (r.headers.vary ?? '')
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes('accept-encoding');

  const APP_JS = `console.log(${JSON.stringify('timber '.repeat(400))});`;
  const HASHED_JS = 'static/js/index.0123abcd45.js';
  const INDEX = `<!doctype html><html lang="en"><head><title>Timberlog</title><script defer src="/${HASHED_JS}"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(20)}</body></html>`;
  const LOCALE = JSON.stringify({ hello: 'Tere', words: Array.from({ length: 200 }, (_, i) => `sõna ${i}`) });

  /** A built web app as the build leaves it: every text file with .br and .gz copies beside it. */
  function fakeDist(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timberlog-dist-'));
    const files: Record<string, string> = { 'index.html': INDEX, [HASHED_JS]: APP_JS, 'locales/en/common.json': LOCALE };
    for (const [rel, text] of Object.entries(files)) {
      const file = path.join(dir, rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
    }
    return dir;
  }

  let s: TestServer;
  let dist: string;
  before(async () => {
    dist = fakeDist();
    s = await startServer({ webDistDir: dist }, { serveWeb: true });
  });
  after(async () => {
    await s.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  describe("the web app's files", () => {
    test('a hashed asset: the Brotli copy when asked for br, the gzip copy for gzip, as is otherwise; immutable, Vary: Accept-Encoding', async () => {
      const url = `${s.url}/${HASHED_JS}`;
      const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      const gzip = await get(url, { 'accept-encoding': 'gzip' });
      const plain = await get(url);
      for (const [r, encoding] of [
        [br, 'br'],
        [gzip, 'gzip'],
        [plain, undefined],
      ] as const) {
        assert.equal(r.status, 200, String(encoding));
        assert.equal(r.headers['content-encoding'], encoding);
        assert.match(r.headers['content-type'] ?? '', /javascript/, String(encoding));
        assert.equal(r.headers['cache-control'], 'public, max-age=31536000, immutable', String(encoding));
        assert.ok(varies(r), `${encoding}: Vary ${r.headers.vary}`);
        assert.equal(decode(r), APP_JS, String(encoding));
      }
      assert.ok(
        br.body.length < APP_JS.length / 10 && gzip.body.length < APP_JS.length / 10,
        `${br.body.length} / ${gzip.body.length} of ${APP_JS.length}`,
      );
      assert.deepEqual(br.body, fs.readFileSync(path.join(dist, `${HASHED_JS}.br`)), "the build's copy, not a new compression");
    });

    test('index.html, the client-side routes and translations are revalidated: no-cache with ETag and Last-Modified', async () => {
      for (const p of ['/', '/waybills/12', '/locales/en/common.json']) {
        const r = await get(s.url + p, { 'accept-encoding': 'br' });
        assert.equal(r.status, 200, p);
        assert.equal(r.headers['content-encoding'], 'br', p);
        assert.equal(r.headers['cache-control'], 'no-cache', p);
        assert.ok(varies(r), p);
        assert.ok(r.headers.etag, `${p}: ETag`);
        assert.ok(r.headers['last-modified'], `${p}: Last-Modified`);
        assert.equal(decode(r), p.startsWith('/locales/') ? LOCALE : INDEX, p);
        const again = await get(s.url + p, { 'accept-encoding': 'br', 'if-none-match': r.headers.etag! });
        assert.equal(again.status, 304, `${p}: revalidated`);
      }
      const gzip = await get(`${s.url}/waybills`, { 'accept-encoding': 'gzip' });
      assert.equal(gzip.headers['content-encoding'], 'gzip');
      assert.match(gzip.headers['content-type'] ?? '', /text\/html/);
      assert.equal(decode(gzip), INDEX);
    });

    test('the compressed copies are not files of their own, and a missing asset is a 404, not the page', async () => {
      for (const p of [`/${HASHED_JS}.br`, `/${HASHED_JS}.gz`, '/static/js/index.ffffffffff.js', '/locales/en/common.json.gz']) {
        const r = await get(s.url + p, { 'accept-encoding': 'br' });
        assert.equal(r.status, 404, p);
        assert.equal(r.headers['cache-control'], 'no-cache', p);
      }
      // Outside static/ and locales/ an unknown path is a client-side route: the page, like any other.
      const page = await get(`${s.url}/index.html.br`);
      assert.equal(page.headers['content-encoding'], undefined);
      assert.equal(decode(page), INDEX);
    });
  });

  describe('API answers', () => {
    test('over 1 kB: compressed by Accept-Encoding (br or gzip), still no-store; as is without Accept-Encoding', async () => {
      const token = await s.staff();
      const url = `${s.url}/api/waybills/?pageSize=100`;
      const auth = { authorization: `Bearer ${token}` };
      const plain = await get(url, auth);
      assert.equal(plain.status, 200);
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.ok(plain.body.length > 10_000, `${plain.body.length} bytes`);
      for (const encoding of ['br', 'gzip']) {
        const r = await get(url, { ...auth, 'accept-encoding': encoding });
        assert.equal(r.status, 200, encoding);
        assert.equal(r.headers['content-encoding'], encoding);
        assert.ok(varies(r), encoding);
        assert.equal(r.headers['cache-control'], 'no-store', encoding);
        assert.match(r.headers['content-type'] ?? '', /application\/json/);
        assert.ok(r.body.length < plain.body.length / 4, `${encoding}: ${r.body.length} of ${plain.body.length}`);
        assert.deepEqual(JSON.parse(decode(r)), JSON.parse(plain.body.toString('utf8')), encoding);
      }
    });

    test('under 1 kB: sent as is', async () => {
      const token = await s.user();
      const r = await get(`${s.url}/api/user/me`, { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' });
      assert.equal(r.status, 200);
      assert.ok(r.body.length < 1024, `${r.body.length} bytes`);
      assert.equal(r.headers['content-encoding'], undefined);
      assert.equal(JSON.parse(r.body.toString('utf8')).email, 'user@timberlog.ee');
    });

    test('report downloads: a CSV is compressed and arrives whole; an XLSX (a zip already) goes as is with its length', async () => {
      const token = await s.staff();
      const auth = { authorization: `Bearer ${token}` };
      const request = async (pathName: string, format: string) => {
        const r = await s.req('POST', pathName, { token, body: { format } });
        assert.equal(r.status, 201, r.text);
        const done = await waitFor(
          async () => {
            const x = await s.req('GET', `/api/export-requests/${r.body.id}/`, { token });
            return x.body.completeTimestamp ? x.body : null;
          },
          30_000,
          `${format} export`,
        );
        assert.equal(done.failed, false);
        return done as { id: string; rowCount: number };
      };

      const csv = await request('/api/worklogs/worklog_report/', 'csv');
      const plainCsv = await get(`${s.url}/api/export-requests/${csv.id}/download_attachment/`, auth);
      assert.equal(plainCsv.status, 200);
      assert.equal(Number(plainCsv.headers['content-length']), plainCsv.body.length);
      const gzipCsv = await get(`${s.url}/api/export-requests/${csv.id}/download_attachment/`, { ...auth, 'accept-encoding': 'gzip' });
      assert.equal(gzipCsv.status, 200);
      assert.equal(gzipCsv.headers['content-encoding'], 'gzip');
      assert.match(gzipCsv.headers['content-disposition'] ?? '', /attachment; filename=".+\.csv"/);
      const text = decode(gzipCsv);
      assert.equal(text, plainCsv.body.toString('utf8'));
      assert.equal(
        text
          .replace(/^\ufeff/, '')
          .trim()
          .split('\r\n').length - 1,
        csv.rowCount,
      );

      const xlsx = await request('/api/waybills/waybill_report/', 'xlsx');
      const file = await get(`${s.url}/api/export-requests/${xlsx.id}/download_attachment/`, {
        ...auth,
        'accept-encoding': 'gzip, deflate, br',
      });
      assert.equal(file.status, 200);
      assert.equal(file.headers['content-encoding'], undefined);
      assert.equal(Number(file.headers['content-length']), file.body.length);
      assert.equal(file.body.subarray(0, 2).toString('latin1'), 'PK', 'a zip (xlsx) file');
    });
  });
});
