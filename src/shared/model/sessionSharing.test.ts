import { settled as allSettled } from '../../../tests/jest/settle';

import { acrossTabs, SESSION_REFRESH_LOCK, whenSessionSettled } from './sessionSharing';

describe('whenSessionSettled', () => {
  afterEach(() => {
    delete (navigator as { locks?: unknown }).locks;
  });

  it('waits for a refresh under way in any tab (the Web Lock), so a reload never cuts one off', async () => {
    // A Web Lock of one name: each request runs after the one before has finished.
    let tail: Promise<unknown> = Promise.resolve();
    const names: string[] = [];
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: {
        request: (name: string, task: () => Promise<unknown>) => {
          names.push(name);
          const run = tail.then(task);
          tail = run.catch(() => undefined);
          return run;
        },
      },
    });
    let finishRefresh = () => {};
    const refresh = acrossTabs(() => new Promise<void>((done) => (finishRefresh = done)));
    let settled = false;
    const waiting = whenSessionSettled().then(() => {
      settled = true;
    });
    await allSettled();
    expect(settled).toBe(false);
    finishRefresh();
    await Promise.all([refresh, waiting]);
    expect(settled).toBe(true);
    expect(names).toEqual([SESSION_REFRESH_LOCK, SESSION_REFRESH_LOCK]);
  });

  it('resolves at once where the browser has no Web Locks', async () => {
    await expect(whenSessionSettled()).resolves.toBeUndefined();
  });
});
