/**
 * Runs the stand-in with the demo organisations. Settings: EVR_STANDIN_PORT (3100),
 * EVR_STANDIN_HOST (127.0.0.1), EVR_STANDIN_DATA_FILE (keeps the register across restarts),
 * EVR_STANDIN_CONTROL=1 (the fault-injection path, for test runs only).
 */
import { createEvrStandin } from './app.ts';
import { DEMO_ORGANISATIONS, DEMO_PLACES_OF_DELIVERY } from './demo.ts';

const port = Number(process.env.EVR_STANDIN_PORT || 3100);
const host = process.env.EVR_STANDIN_HOST || '127.0.0.1';
const dataFile = process.env.EVR_STANDIN_DATA_FILE || undefined;

const standin = createEvrStandin({
  organisations: [...DEMO_ORGANISATIONS],
  placesOfDelivery: [...DEMO_PLACES_OF_DELIVERY],
  dataFile,
  logger: { level: process.env.EVR_STANDIN_LOG_LEVEL || 'info' },
  control: process.env.EVR_STANDIN_CONTROL === '1',
});

const url = await standin.listen({ port, host });
standin.app.log.info(
  { organisations: DEMO_ORGANISATIONS.map(({ code, name }) => ({ code, name })), dataFile: dataFile ?? null },
  `EVR stand-in at ${url}`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void standin.close().then(() => process.exit(0));
  });
}
