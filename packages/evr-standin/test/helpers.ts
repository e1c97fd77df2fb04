import { type EvrStandin, type EvrStandinOptions, type Organisation, createEvrStandin } from '../src/index.ts';

export const OWNER: Organisation = {
  code: '14567890',
  name: 'Timberlog Metsavedu OÜ',
  apiKey: 'key-owner',
  waybillNumberPrefix: 'TLM',
  evrAssortments: true,
};
export const CARRIER: Organisation = { code: '11223344', name: 'Kagu Autovedu OÜ', apiKey: 'key-carrier' };
export const RECEIVER: Organisation = { code: '10987654', name: 'Järva Saeveski AS', apiKey: 'key-receiver' };
export const MEASURER: Organisation = { code: '12233445', name: 'Eesti Metsamõõtjad OÜ', apiKey: 'key-measurer', measurer: true };
export const VIEWER: Organisation = { code: '16000001', name: 'Metsaühistu Vaatleja', apiKey: 'key-viewer' };
export const OUTSIDER: Organisation = { code: '16000002', name: 'Kõrvaline Puit OÜ', apiKey: 'key-outsider' };
export const ORGANISATIONS = [OWNER, CARRIER, RECEIVER, MEASURER, VIEWER, OUTSIDER];

export const VALID_ID_CODE = '49403136526';
export const ADDRESS = { countryCode: 'EST', county: 'Järva maakond', city: 'Paide', street: 'Tööstuse 12' };

/** A request EVR accepts: our company owns and carries the load, the sawmill receives it. */
export function startRequest(overrides: Record<string, unknown> = {}) {
  return {
    owner: { name: OWNER.name, code: OWNER.code, address: ADDRESS },
    transport: {
      transporter: { name: CARRIER.name, code: CARRIER.code },
      driverName: 'Mari Maasikas',
      driverIdCode: VALID_ID_CODE,
      vanRegistrationNumber: '123ABC',
      trailerRegistrationNumber: '45XYZ',
    },
    receiver: { name: RECEIVER.name, code: RECEIVER.code, address: ADDRESS },
    placeOfDelivery: { name: 'Järva Saeveski, Paide tehas', address: ADDRESS },
    departureTime: '2026-11-20T08:00:00+02:00',
    submissionTime: '2026-11-20T08:01:00+02:00',
    viewers: [{ code: VIEWER.code }],
    shipments: [shipment()],
    ...overrides,
  };
}

export function shipment(
  holdingBase: Record<string, unknown> = { type: 'ForestNotice', cadaster: '78401:001:0123', number: 'MT-2026-0042' },
) {
  return {
    holdingBase,
    source: { name: 'Kuusiku metsakinnistu', address: ADDRESS },
    items: [{ amount: 30.5, unitCode: 'tm', assortment: { code: 'MA-PALK', name: 'Männi palk', productGroup: 'PALK' } }],
    certificateClaims: [{ code: 'FSCMIX', number: 'NC-COC-012345' }],
  };
}

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

export interface Client {
  get(path: string): Promise<Answer>;
  post(path: string, body?: unknown): Promise<Answer>;
}

export interface Harness {
  standin: EvrStandin;
  url: string;
  as(org: Organisation | string, language?: 'et' | 'en'): Client;
  control(method: string, path: string, body?: unknown): Promise<Answer>;
  start(org?: Organisation, body?: unknown): Promise<string>;
  close(): Promise<void>;
}

export async function request(url: string, init: RequestInit): Promise<Answer> {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

export async function harness(options: Partial<EvrStandinOptions> = {}): Promise<Harness> {
  const standin = createEvrStandin({ organisations: ORGANISATIONS, control: true, ...options });
  const url = await standin.listen();
  const as = (org: Organisation | string, language: 'et' | 'en' = 'en'): Client => {
    const headers: Record<string, string> = { 'EVR-APIKEY': typeof org === 'string' ? org : org.apiKey, 'EVR-LANGUAGE': language };
    return {
      get: (path) => request(url + path, { headers }),
      post: (path, body) =>
        request(url + path, {
          method: 'POST',
          headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
    };
  };
  return {
    standin,
    url,
    as,
    control: (method, path, body) =>
      request(`${url}/__control${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    async start(org = OWNER, body = startRequest()) {
      const answer = await as(org).post('/api/waybills', body);
      if (answer.status !== 200) throw new Error(`start failed: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body as string;
    },
    close: () => standin.close(),
  };
}
