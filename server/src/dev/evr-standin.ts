import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { DEMO_HAULIER, demoIncoming } from '@timberlog/contract/demo-data';
import { seedAnchorDate } from '../seed/seed.js';
import type { EvrStandinOptions } from '@timberlog/evr-standin';
import type { AppConfig } from '../infra/config.js';
import type { DB } from '../infra/db.js';
import { evrAddress } from '../evr/request.js';

/** The demo's EVR API key: the stand-in's key for the office's own company. */
export const DEMO_EVR_KEY = 'demo-timberlog-key';
/** The demo's measurer, an organisation EVR authorises at every place of delivery. */
const MEASURER = { code: '12233445', name: 'Eesti Metsamõõtjad OÜ', apiKey: 'demo-measurer-key', measurer: true };

/**
 * Demo mode: the local EVR stand-in (packages/evr-standin) in this process, on EVR_STANDIN_PORT
 * (3100, on 127.0.0.1), taking the place of EVR when EVR_URL is not set. EVR knows the demo's
 * companies: the office's own (its key DEMO_EVR_KEY, the transporter of every demo load), each
 * other company (key `demo-<registry code>`, so a receiver can unload, finish and measure through
 * the stand-in's API as its own software would), the destination warehouses as places of delivery,
 * and a measurer. Its register is kept in the data folder across restarts. Answers what the server
 * must use: the URL, the key and our registry code; and how to stop it.
 */
/**
 * The register's parties and places as the stand-in needs them, from our reference data: each
 * company an organisation (`apiKeyOf` gives its key), each destination warehouse with an EVR code
 * a place of delivery where the measurer is authorised.
 */
export async function standinRegister(db: DB, apiKeyOf: (registryCode: string) => string) {
  const companies = await db
    .selectFrom('companies')
    .select(['registryCode', 'name', 'address', 'county', 'city', 'street', 'email'])
    .execute();
  const places = await db
    .selectFrom('warehouses')
    .select(['evrPlaceCode', 'name', 'company', 'address', 'county', 'city', 'street', 'coordX', 'coordY'])
    .where('evrPlaceCode', 'is not', null)
    .execute();
  return {
    companies,
    organisations: [
      ...companies.map((c) => ({
        code: c.registryCode,
        name: c.name,
        apiKey: apiKeyOf(c.registryCode),
        address: evrAddress(c, c.address),
        ...(c.email ? { email: c.email } : {}),
      })),
      MEASURER,
    ],
    placesOfDelivery: places.map((p) => ({
      code: p.evrPlaceCode!,
      name: p.name,
      registerCode: p.company,
      address: evrAddress(p, p.address),
      ...(p.coordX !== null && p.coordY !== null ? { coordinates: { x: Number(p.coordX), y: Number(p.coordY), epsg: 3301 } } : {}),
      isPublic: true,
      isActive: true,
      waybillAuthorizations: [{ code: MEASURER.code, type: 'forMeasuring' as const }],
    })),
  };
}

export async function startDemoEvr(config: AppConfig, db: DB, log: FastifyBaseLogger) {
  // Loaded only here: the stand-in is the demo's, and a production install lacks it.
  const { createEvrStandin } = await import('@timberlog/evr-standin');
  const named = await db.selectFrom('companies').select(['registryCode', 'name']).where('name', '=', DEMO_HAULIER).executeTakeFirst();
  const ownCode =
    config.ownCompany && config.ownCompany !== config.seller.registryCode ? config.ownCompany : (named?.registryCode ?? config.ownCompany);
  const apiKeyOf = (code: string) => (code === ownCode ? DEMO_EVR_KEY : `demo-${code}`);
  const { companies, organisations, placesOfDelivery } = await standinRegister(db, apiKeyOf);
  const own = companies.find((c) => c.registryCode === ownCode);
  const standin = createEvrStandin({
    organisations,
    placesOfDelivery,
    dataFile: path.join(config.dataDir, 'evr-standin.json'),
    // The loads others started to the office, as the seed took them in (incoming waybills).
    initialWaybills: demoIncoming(
      companies,
      Date.parse(`${seedAnchorDate()}T00:00:00Z`),
    ) as unknown as EvrStandinOptions['initialWaybills'],
    logger: { level: config.logLevel === 'debug' ? 'info' : 'warn' },
  });
  const url = await standin.listen({ port: Number(process.env.EVR_STANDIN_PORT ?? 3100), host: '127.0.0.1' });
  log.info(`EVR stand-in (demo) at ${url}: the office is ${own?.name ?? 'not among the companies'}`);
  return { url, apiKey: DEMO_EVR_KEY, ownCompany: ownCode, close: () => standin.close() };
}
