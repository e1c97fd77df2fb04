import { setImmediate as afterMicrotasks } from 'node:timers/promises';

/**
 * Resolves once every promise callback already queued, and every one those queue in turn, has run
 * (Node drains the whole microtask queue before its next phase): what code could do without a
 * timer or the network has been done. A test that says "nothing happened" asserts after this, not
 * after a sleep, so it neither passes on a slow machine by luck nor waits on a fast one.
 */
export const settled = (): Promise<void> => afterMicrotasks().then(() => undefined);
