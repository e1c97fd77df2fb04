import { SingleFlight } from './singleFlight';

describe('SingleFlight', () => {
  it('runs one task at a time and lets concurrent callers join it', async () => {
    const flight = new SingleFlight();
    let runs = 0;
    let release = () => undefined as void;
    const task = () =>
      new Promise<void>((resolve) => {
        runs += 1;
        release = resolve;
      });
    const first = flight.run(task);
    const second = flight.run(task);
    expect(flight.busy).toBe(true);
    expect(second).toBe(first);
    release();
    await Promise.all([first, second, flight.wait()]);
    expect(runs).toBe(1);
    expect(flight.busy).toBe(false);
    // After it finished, the next call starts a new task.
    const third = flight.run(task);
    release();
    await third;
    expect(runs).toBe(2);
  });

  it('frees the lock when a task fails', async () => {
    const flight = new SingleFlight();
    await flight.run(() => Promise.reject(new Error('network down')));
    expect(flight.busy).toBe(false);
  });
});
