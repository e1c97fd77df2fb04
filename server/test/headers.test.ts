import { test, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { startServer, type TestServer } from './helpers.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('headers', () => {
  /** Security headers on the API, the web app, its files and Swagger UI; CORS closed by default. */
  const servers: TestServer[] = [];
  after(async () => {
    for (const s of servers) await s.close();
  });

  const INLINE = "document.documentElement.dataset.theme = 'light';";
  function fakeDist(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timberlog-dist-'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><html><head><script>${INLINE}</script><script defer src="/static/js/app.js"></script></head><body></body></html>`,
    );
    fs.mkdirSync(path.join(dir, 'static/js'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'static/js/app.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dir, 'mockServiceWorker.js'), '/* MOCK WORKER */');
    fs.writeFileSync(path.join(dir, '.timberlog-build.json'), JSON.stringify({ backendUrl: 'http://localhost:8080', publicKey: 'STAMP' }));
    return dir;
  }

  function csp(headers: Headers): Record<string, string> {
    const value = headers.get('content-security-policy') ?? '';
    return Object.fromEntries(
      value
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
        .map((d) => {
          const [name, ...rest] = d.split(/\s+/);
          return [name!, rest.join(' ')];
        }),
    );
  }

  function assertStrict(headers: Headers, where: string) {
    const p = csp(headers);
    assert.equal(p['script-src']?.split(' ')[0], "'self'", `${where}: script-src`);
    assert.ok(!p['script-src']!.includes('unsafe'), `${where}: no unsafe script sources`);
    assert.equal(p['frame-ancestors'], "'none'", where);
    assert.equal(p['object-src'], "'none'", where);
    assert.equal(p['base-uri'], "'none'", where);
    assert.equal(headers.get('x-content-type-options'), 'nosniff', where);
    assert.equal(headers.get('referrer-policy'), 'no-referrer', where);
  }

  describe('security headers', () => {
    test('API answers: strict CSP, nosniff, no-referrer, no-store; no HSTS on http', async () => {
      const s = await startServer({}, { workers: false });
      servers.push(s);
      const token = await s.user();
      for (const [p, t] of [
        ['/api/waybills/', token],
        ['/api/user/me', undefined],
        ['/api/nope/', undefined],
      ] as const) {
        const r = await s.req('GET', p, { token: t });
        assertStrict(r.headers, p);
        assert.equal(r.headers.get('cache-control'), 'no-store', p);
        assert.equal(r.headers.get('strict-transport-security'), null);
      }
      const sign = await s.req('POST', '/api/auth/token/', { body: { email: 'x@example.com', password: 'wrong-password' } });
      assert.equal(sign.headers.get('cache-control'), 'no-store');
    });

    test('the web app: its inline script allowed by hash only; its files and Swagger UI under the same policy; no mock worker or build stamp', async () => {
      const dist = fakeDist();
      const s = await startServer({ webDistDir: dist, publicUrl: 'https://timberlog.example.com' }, { workers: false, serveWeb: true });
      servers.push(s);
      const index = await s.req('GET', '/waybills');
      assert.equal(index.status, 200, 'index');
      assertStrict(index.headers, 'index.html');
      const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
      assert.ok(csp(index.headers)['script-src']!.includes(hash), csp(index.headers)['script-src']);
      assert.ok(csp(index.headers)['connect-src']!.includes('https://timberlog.example.com'));
      assert.match(index.headers.get('strict-transport-security') ?? '', /max-age=\d+/, 'HSTS with an https PUBLIC_URL');
      const js = await s.req('GET', '/static/js/app.js');
      assert.equal(js.status, 200, 'static');
      assertStrict(js.headers, 'static file');
      for (const hidden of ['/mockServiceWorker.js', '/.timberlog-build.json']) {
        const r = await s.req('GET', hidden);
        assert.ok(!r.text.includes('MOCK WORKER') && !r.text.includes('STAMP'), `${hidden} is not served`);
      }
      const ui = await s.req('GET', '/api/schema/swagger-ui/');
      assert.equal(ui.status, 200, 'swagger ui');
      assertStrict(ui.headers, 'Swagger UI');
      assert.doesNotMatch(ui.text, /<script>(?!\s*<\/script>)/, 'Swagger UI has no inline script');
      const init = await s.req('GET', '/api/schema/swagger-ui/static/swagger-initializer.js');
      assert.equal(init.status, 200, 'swagger init');
      fs.rmSync(dist, { recursive: true, force: true });
    });
  });

  describe('security headers on every path and every answer', () => {
    /** A raw request, as a client that does not tidy the path sends it (fetch would). */
    const raw = (s: TestServer, p: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; headers: Headers; text: string }>((resolve, reject) => {
        const u = new URL(s.url);
        const req = http.request({ host: u.hostname, port: u.port, path: p, method: 'GET', headers }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => {
            const h = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
            resolve({ status: res.statusCode ?? 0, headers: h, text });
          });
        });
        req.on('error', reject);
        req.end();
      });

    test('//api/... paths get Cache-Control: no-store like /api/...', async () => {
      const s = await startServer({}, { workers: false });
      servers.push(s);
      const token = await s.user();
      for (const p of [
        '//api/user/me',
        '///api/user/me',
        '//api//user/me',
        '/api//user/me',
        '//api/waybills/?pageSize=1',
        '/%61pi/user/me',
      ]) {
        const r = await raw(s, p, { authorization: `Bearer ${token}` });
        assert.ok(r.status < 500, `${p}: ${r.status}`);
        assert.equal(r.headers.get('cache-control'), 'no-store', p);
        assertStrict(r.headers, p);
      }
      const me = await raw(s, '//api/user/me', { authorization: `Bearer ${token}` });
      assert.equal(me.status, 200, 'the same route as /api/user/me');
      assert.match(me.text, /@/);
    });

    test('malformed URLs get the security headers, a translated 400 and no-store', async () => {
      const s = await startServer({}, { workers: false });
      servers.push(s);
      for (const p of [
        '/api/user/%E0%A4%A/',
        '/api/waybills/%E0%A4%A/',
        '/%E0%A4%A',
        '/api/waybills/%',
        `/api/waybills/${'x'.repeat(600)}/`,
      ]) {
        const r = await raw(s, p, { 'accept-language': 'et' });
        assert.ok(r.status >= 400 && r.status < 500, `${p}: ${r.status}`);
        assertStrict(r.headers, p);
        assert.equal(r.headers.get('cache-control'), 'no-store', p);
      }
      const r = await raw(s, '/api/user/%E0%A4%A/', { 'accept-language': 'et' });
      assert.equal(r.status, 400);
      assert.equal(JSON.parse(r.text).detail, 'Aadress ei ole korrektne URL.');
    });
  });

  describe('CORS', () => {
    const preflight = (s: TestServer, origin: string) =>
      fetch(`${s.url}/api/waybills/`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });

    test('same origin only by default: no other origin, null included, is let in', async () => {
      const s = await startServer({ corsOrigins: [] }, { workers: false });
      servers.push(s);
      for (const origin of ['https://evil.example.com', 'null', 'http://localhost:3000']) {
        const r = await s.req('GET', '/api/waybills/', { token: await s.user(), headers: { origin } });
        assert.equal(r.headers.get('access-control-allow-origin'), null, origin);
        assert.equal((await preflight(s, origin)).headers.get('access-control-allow-origin'), null, `${origin} preflight`);
      }
    });

    test('CORS_ORIGINS opens exactly the named origins', async () => {
      const s = await startServer({ corsOrigins: ['http://localhost:3000'] }, { workers: false });
      servers.push(s);
      assert.equal((await preflight(s, 'http://localhost:3000')).headers.get('access-control-allow-origin'), 'http://localhost:3000');
      assert.equal((await preflight(s, 'https://evil.example.com')).headers.get('access-control-allow-origin'), null);
      assert.equal((await preflight(s, 'null')).headers.get('access-control-allow-origin'), null);
    });

    test('the default: the web dev server in development, nothing in production; null and * refused', async () => {
      const { loadConfig, DEV_CORS_ORIGINS } = await import('../src/infra/config.js');
      const saved = { ...process.env };
      try {
        delete process.env.CORS_ORIGINS;
        delete process.env.DATABASE_URL;
        delete process.env.NODE_ENV;
        assert.deepEqual(loadConfig().corsOrigins, DEV_CORS_ORIGINS);
        process.env.NODE_ENV = 'production';
        assert.deepEqual(loadConfig().corsOrigins, []);
        process.env.CORS_ORIGINS = 'null';
        assert.throws(() => loadConfig());
        process.env.CORS_ORIGINS = '*';
        assert.throws(() => loadConfig());
      } finally {
        process.env = saved;
      }
    });
  });
});
