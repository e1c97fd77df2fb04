import type * as NotifyModule from './notify';

/** A fresh copy of the module: its state (wanted, mounted, pending) is per page load. */
const freshNotify = (): typeof NotifyModule => {
  let module: typeof NotifyModule | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh module instance per test
    module = require('./notify') as typeof NotifyModule;
  });
  return module as typeof NotifyModule;
};

describe('notify', () => {
  it('wants the toast area only once a toast is asked for, and tells its subscribers once', () => {
    const { isToastAreaWanted, notify, subscribeToastAreaWanted } = freshNotify();
    const listener = jest.fn();
    subscribeToastAreaWanted(listener);
    expect(isToastAreaWanted()).toBe(false);

    notify('Saved.');
    notify('Saved again.');
    expect(isToastAreaWanted()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('shows the toasts asked for before the area mounted, in order, once it mounts', () => {
    const { notify, toastAreaMounted } = freshNotify();
    notify('First.');
    notify('Second.', { variant: 'error', key: 'second' });
    const enqueue = jest.fn<unknown, [string, object]>();
    toastAreaMounted({ enqueue, close: jest.fn() } as unknown as NotifyModule.ToastArea);
    expect(enqueue.mock.calls.map(([message]) => message)).toEqual(['First.', 'Second.']);
    expect(enqueue).toHaveBeenLastCalledWith(
      'Second.',
      expect.objectContaining({ variant: 'error', key: 'second', preventDuplicate: true }),
    );

    notify('Third.');
    expect(enqueue).toHaveBeenLastCalledWith('Third.', expect.objectContaining({ variant: 'default' }));
  });
});
