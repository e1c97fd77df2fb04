/**
 * The event stream's clients for `bench.ts`, in a process of their own (so they do not share the
 * server's event loop): `clients` raw HTTP requests to GET /api/events/ (Node's http module, one
 * socket each), each reading its stream and noting when each change event's block arrived. Per
 * event id it keeps how many clients received it and when the first and the last did (ms since the
 * epoch, with fractions, from this process's clock, which is the machine's).
 *
 * Started with `fork` and a JSON argument ({@link SseClientsOptions}); sends `{ ready }` once every
 * stream has answered 200 and its first bytes (or `{ failed }`), then on the message 'report' sends
 * its {@link SseClientsReport}, closes every stream and exits.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface SseClientsOptions {
  host: string;
  port: number;
  token: string;
  clients: number;
}

export interface SseClientsReport {
  /** [event id, clients that received it, first arrival, last arrival]. */
  events: [number, number, number, number][];
  /** Streams that ended or failed before the report. */
  lost: number;
  /** Process CPU in ms (user + system) from ready to the report. */
  cpuMs: number;
}

const now = () => performance.timeOrigin + performance.now();

async function main(): Promise<void> {
  const o = JSON.parse(process.argv[2] ?? '{}') as SseClientsOptions;
  const received = new Map<number, [number, number, number]>();
  const requests: http.ClientRequest[] = [];
  let lost = 0;
  let reporting = false;

  const open = () =>
    new Promise<void>((resolve, reject) => {
      const req = http.request(
        {
          host: o.host,
          port: o.port,
          path: '/api/events/',
          agent: false,
          headers: { authorization: `Bearer ${o.token}`, accept: 'text/event-stream' },
        },
        (res) => {
          if (res.statusCode !== 200) {
            reject(new Error(`GET /api/events/: ${res.statusCode}`));
            res.resume();
            return;
          }
          res.setEncoding('utf8');
          let buffer = '';
          let first = true;
          res.on('data', (chunk: string) => {
            const at = now();
            if (first) {
              first = false;
              resolve();
            }
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (!block.includes('event: change')) continue;
              const id = Number(/^id: (\d+)$/m.exec(block)?.[1]);
              const seen = received.get(id);
              if (seen) {
                seen[0] += 1;
                if (at < seen[1]) seen[1] = at;
                if (at > seen[2]) seen[2] = at;
              } else received.set(id, [1, at, at]);
            }
          });
          res.on('close', () => {
            if (!reporting) lost += 1;
          });
        },
      );
      req.on('error', (err) => {
        if (!reporting) lost += 1;
        reject(err);
      });
      req.end();
      requests.push(req);
    });

  try {
    // In batches, so the server's listen backlog is never the limit.
    for (let i = 0; i < o.clients; i += 100) await Promise.all(Array.from({ length: Math.min(100, o.clients - i) }, open));
  } catch (err) {
    process.send!({ failed: String(err) }, () => process.exit(1));
    return;
  }
  const cpu = process.cpuUsage();
  process.on('message', (m) => {
    if (m !== 'report') return;
    reporting = true;
    const used = process.cpuUsage(cpu);
    const report: SseClientsReport = {
      events: [...received].map(([id, [n, first, last]]) => [id, n, first, last]),
      lost,
      cpuMs: (used.user + used.system) / 1000,
    };
    for (const req of requests) req.destroy();
    process.send!(report, () => process.exit(0));
  });
  process.send!({ ready: requests.length });
}

void main();
