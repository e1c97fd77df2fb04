/**
 * Parity of the live change stream (`GET /api/events/`): the same changes made on the real server
 * and on the mocks are announced alike to each reader: the `ready` event first, then each change
 * with what changed and who, never the data; accounts to staff only; and a stream resumed after
 * `Last-Event-ID` replays what came after, without a `ready` event. Ids are each side's own: only
 * their order is compared.
 */
import { CLIENT_HEADER } from '@timberlog/contract';
import { DEMO_USERS, createDemoData } from '@timberlog/contract/demo-data';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { getResponse } from 'msw';

import { handlers } from '@/app/mocks';
import { resetMockDb } from '@/shared/mock-db';

import { setUpParityServer, type Who } from './server';

const parity = setUpParityServer({ reset: resetMockDb });
const demo = createDemoData();
type Side = 'real' | 'mock';
const SIDES: readonly Side[] = ['real', 'mock'];

const headersOf = (who: Who, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${parity.tokens[who] ?? ''}`,
  [CLIENT_HEADER]: 'web',
  ...extra,
});

/** One side's answer to a request: the real server over HTTP, the mocks through MSW. */
async function ask(side: Side, path: string, init: RequestInit): Promise<Response> {
  if (side === 'real') return fetch(parity.baseUrl + path, init);
  const response = await getResponse(handlers, new Request(`http://mocks.test${path}`, init));
  if (!response) throw new Error(`no mock handler answers ${init.method ?? 'GET'} ${path}`);
  return response;
}

interface Stream {
  readonly status: number;
  readonly messages: EventSourceMessage[];
  close(): Promise<void>;
}

/** Opens a side's stream as `who` and collects its messages until closed. */
async function open(side: Side, who: Who, lastEventId?: string): Promise<Stream> {
  const controller = new AbortController();
  const messages: EventSourceMessage[] = [];
  const response = await ask(side, '/api/events/', {
    headers: headersOf(who, lastEventId === undefined ? {} : { 'Last-Event-ID': lastEventId }),
    signal: controller.signal,
  });
  const parser = createParser({ onEvent: (message) => messages.push(message) });
  const reader = (response.body as ReadableStream<BufferSource>).pipeThrough(new TextDecoderStream()).getReader();
  const reading = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        parser.feed(value);
      }
    } catch {
      // Closed.
    }
  })();
  return {
    status: response.status,
    messages,
    close: async () => {
      controller.abort();
      await reader.cancel().catch(() => undefined);
      await reading;
    },
  };
}

/** Waits until `check` holds, as long as a slow machine needs; the test's timeout bounds it. */
const until = async (check: () => boolean, what: string) => {
  for (let tries = 0; !check(); tries += 1) {
    if (tries > 400) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 25));
  }
};

/** A message as both sides must say it: its kind and data, without the side's own id. */
const said = (message: EventSourceMessage) => {
  const data = JSON.parse(message.data) as Record<string, unknown>;
  delete data.id;
  return { event: message.event, data };
};
const changes = (stream: Stream) => stream.messages.filter((message) => message.event === 'change');

describe('GET /api/events/: the mocks announce changes as the server does', () => {
  it('to staff and to a user alike: ready first, each change without its data, accounts to staff only; a resume replays what came after', async () => {
    const drafts = demo.waybills.filter((waybill) => waybill.status === 'draft');
    const [first, second] = drafts;
    if (!first || !second) throw new Error('the demo data has two drafts');
    // Each change over the version that side has of the record, as the web app sends it.
    const write = async (side: Side, path: string, body: unknown) => {
      const read = await ask(side, path, { headers: headersOf('staff') });
      const response = await ask(side, path, {
        method: 'PATCH',
        headers: { ...headersOf('staff'), 'content-type': 'application/json', 'if-match': read.headers.get('etag') ?? '' },
        body: JSON.stringify(body),
      });
      expect([side, path, response.status]).toEqual([side, path, 200]);
    };

    const streams = {} as Record<Side, Record<Who, Stream>>;
    for (const side of SIDES) {
      streams[side] = { staff: await open(side, 'staff'), user: await open(side, 'user') };
      await until(() => streams[side].staff.messages.length > 0 && streams[side].user.messages.length > 0, `${side}: ready`);
      await write(side, `/api/waybills/${first.number}/`, { notes: 'Seen by all' });
      await write(side, `/api/user/${encodeURIComponent(DEMO_USERS.inactive.email)}/`, { name: 'Ülle Uus-Nimi' });
      // A last change both readers get: once the user has it, an account event would have come before it.
      await write(side, `/api/waybills/${second.number}/`, { notes: 'The last one' });
      await until(() => changes(streams[side].staff).length >= 3 && changes(streams[side].user).length >= 2, `${side}: changes`);
    }

    for (const side of SIDES) {
      const { staff, user } = streams[side];
      expect([side, staff.status, user.status]).toEqual([side, 200, 200]);
      const [ready, change] = staff.messages;
      expect(ready?.event).toBe('ready');
      expect(Number(ready?.id)).toBeLessThan(Number(change?.id));
      expect(user.messages[0]).toMatchObject({ event: 'ready', id: ready?.id });
      // Each change's data names its own id.
      for (const message of changes(staff)) expect((JSON.parse(message.data) as { id: number }).id).toBe(Number(message.id));
    }
    for (const who of ['staff', 'user'] as const) {
      expect(streams.mock[who].messages.map(said)).toEqual(streams.real[who].messages.map(said));
    }
    expect(changes(streams.real.staff).map((message) => (JSON.parse(message.data) as { entity: string }).entity)).toEqual([
      'waybill',
      'user',
      'waybill',
    ]);
    expect(changes(streams.real.user)).toHaveLength(2);
    for (const side of SIDES) for (const who of ['staff', 'user'] as const) await streams[side][who].close();

    // Resuming after the first change replays the two after it, without a ready event.
    const resumed = {} as Record<Side, Stream>;
    for (const side of SIDES) {
      resumed[side] = await open(side, 'staff', changes(streams[side].staff)[0]?.id);
      await until(() => resumed[side].messages.length >= 2, `${side}: resumed`);
    }
    expect(resumed.mock.messages.map(said)).toEqual(resumed.real.messages.map(said));
    expect(resumed.real.messages.map((message) => message.event)).toEqual(['change', 'change']);
    for (const side of SIDES) await resumed[side].close();
  });
});
