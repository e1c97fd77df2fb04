import { CLIENT_HEADER } from '@timberlog/contract';
import { DEMO_USERS } from '@timberlog/contract/demo-data';
import { createParser, type EventSourceMessage } from 'eventsource-parser';

import { mockDb, resetMockDb } from '@/shared/mock-db';

const BACKEND = 'http://localhost:8080';
const auth = (email: string) => ({ Authorization: `Bearer mock-access-token:${email}` });

/** Opens the mock stream and collects its messages until aborted. */
async function open(email: string, lastEventId?: number) {
  const controller = new AbortController();
  const messages: EventSourceMessage[] = [];
  const headers: Record<string, string> = {
    ...auth(email),
    ...(lastEventId === undefined ? {} : { 'Last-Event-ID': String(lastEventId) }),
  };
  const response = await fetch(`${BACKEND}/api/events/`, { headers, signal: controller.signal });
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
      // Aborted.
    }
  })();
  return {
    response,
    messages,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

const until = async (check: () => boolean) => {
  for (let tries = 0; tries < 50 && !check(); tries += 1) await new Promise((done) => setTimeout(done, 50));
};

describe('GET /api/events/ (mock), as the server answers it', () => {
  beforeEach(() => resetMockDb());

  it('announces each change with its id, what changed and who, never the data; resumes after Last-Event-ID; accounts to staff only', async () => {
    const draft = mockDb.waybills.find((waybill) => waybill.status === 'draft');
    if (!draft) throw new Error('seed has a draft');
    const staff = await open(DEMO_USERS.staff.email);
    const user = await open(DEMO_USERS.user.email);
    expect(staff.response.headers.get('content-type')).toMatch(/^text\/event-stream/);

    const patched = await fetch(`${BACKEND}/api/waybills/${draft.number}/`, {
      method: 'PATCH',
      headers: { ...auth(DEMO_USERS.staff.email), 'Content-Type': 'application/json', [CLIENT_HEADER]: 'web' },
      body: JSON.stringify({ notes: 'Seen by all' }),
    });
    expect(patched.status).toBe(200);
    const account = await fetch(`${BACKEND}/api/user/${encodeURIComponent(DEMO_USERS.inactive.email)}/`, {
      method: 'PATCH',
      headers: { ...auth(DEMO_USERS.staff.email), 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ülle Uus-Nimi' }),
    });
    expect(account.status).toBe(200);

    await until(() => staff.messages.length >= 3 && user.messages.length >= 2);
    // A new stream first says where it starts: before the changes made since it opened.
    const [ready, change] = staff.messages;
    expect(ready).toMatchObject({ event: 'ready', data: '{}' });
    expect(Number(ready?.id)).toBeLessThan(Number(change?.id));
    expect(user.messages[0]).toMatchObject({ event: 'ready', id: ready?.id });
    expect(change?.event).toBe('change');
    const data = JSON.parse(change?.data ?? '{}') as Record<string, unknown>;
    expect(data).toEqual({
      id: Number(change?.id),
      entity: 'waybill',
      key: draft.number,
      version: draft.version + 1,
      action: 'updated',
      actor: DEMO_USERS.staff.name,
    });
    const changes = (stream: { messages: { event?: string; data: string }[] }) =>
      stream.messages
        .filter((message) => message.event === 'change')
        .map((message) => (JSON.parse(message.data) as { entity: string }).entity);
    expect(changes(staff)).toEqual(['waybill', 'user']);
    // An ordinary user is not told about accounts.
    await new Promise((done) => setTimeout(done, 300));
    expect(changes(user)).toEqual(['waybill']);
    await staff.close();
    await user.close();

    // Resuming after the first event replays the second, without a ready event.
    const resumed = await open(DEMO_USERS.staff.email, Number(change?.id));
    await until(() => resumed.messages.length >= 1);
    expect(resumed.messages.map((message) => (JSON.parse(message.data) as { key: string }).key)).toEqual([DEMO_USERS.inactive.email]);
    await resumed.close();
  });
});
