import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { LOCALES, MESSAGES } from '@timberlog/contract';

// The message catalogue is packages/contract/src/messages.ts: the server, the mocks and the web app
// import it. Any other source file holding one of its texts word for word is a copy that can drift.
describe('the message catalogue is written once', () => {
  it('has no copy of a message text in the server, the mocks or the web app', () => {
    const root = resolve(__dirname, '../..');
    const texts = LOCALES.flatMap((locale) => Object.values(MESSAGES[locale])).filter((text) => text.length >= 30 && !text.includes('\n'));
    const copies: string[] = [];
    for (const place of ['server/src', 'src']) {
      for (const name of readdirSync(join(root, place), { recursive: true, encoding: 'utf8' })) {
        // Stories and tests may assert what a user reads; they answer nothing.
        if (!/\.tsx?$/.test(name) || /\.(test|stories)\.tsx?$/.test(name)) continue;
        const source = readFileSync(join(root, place, name), 'utf8');
        for (const text of texts) if (source.includes(text)) copies.push(`${place}/${name}: ${text}`);
      }
    }
    expect(copies).toEqual([]);
  });
});
