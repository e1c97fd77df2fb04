import { expect, shoot, test, type Page } from './fixtures';
import { EVR_READY } from './evrFields';
import { REAL_SERVER, REAL_SERVER_PORT, realApi } from './realServer';
import { DEMO_USERS } from '@timberlog/contract/demo-data';

test.use({ baseURL: REAL_SERVER });

/** The real server's EVR stand-in (scripts/e2e-server.mjs: 1000 ports above the server). */
const EVR = `http://127.0.0.1:${REAL_SERVER_PORT + 1000}`;

interface Waybill {
  number: string;
  transportDate: string;
  origin: string;
  destination: string;
  destinationCompany: string;
  assortment: string;
  unit: string;
  evrNumber: string | null;
  driverName: string;
}

const signIn = async (page: Page) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(DEMO_USERS.user.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_USERS.user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');
};

test("a confirmed waybill goes to EVR: its EVR number appears live, delivering it unloads it there, and the receiver's measurement comes back beside what was shipped", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await signIn(page);
  const api = await realApi(request, DEMO_USERS.user);
  // A demo draft (the oldest numbers: other tests make drafts of their own) of cubic metres, as the
  // receiver's act below is (EVR's solid cubic metre, `tm`); its places and assortment are EVR's.
  const { results } = await api.get<{ results: Waybill[] }>('/api/waybills/?statusIn=draft&sort=number&pageSize=50');
  const like = results.find((waybill) => waybill.unit === 'm3')!;
  // A draft of its own, ready for EVR; its transporter is the office's own company (the default).
  const draft = await api.post<Waybill>('/api/waybills/', {
    transportDate: like.transportDate,
    origin: like.origin,
    destination: like.destination,
    destinationCompany: like.destinationCompany,
    driverName: `EVR ${Date.now().toString(36)}`,
    vehicleNumber: '123ABC',
    mileage: 142,
    assortment: like.assortment,
    quantity: '24.500',
    notes: '',
    ...EVR_READY,
  });
  expect(draft.evrNumber).toBeNull();

  await page.goto(`/waybills/${draft.number}`);
  const panel = page.getByRole('region', { name: 'EVR', exact: true });
  await expect(panel.getByText('Not in EVR: confirming the waybill sends it there.')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page
    .getByRole('dialog', { name: `Confirm waybill ${draft.number}?` })
    .getByRole('button', { name: 'Confirm' })
    .click();
  // The job starts it in EVR; the page hears of it through the live events, without a reload.
  // The panel's whole text on a failure (EVR failed, and why, instead).
  await expect(panel).toContainText('In transit', { timeout: 30_000 });
  const evrNumber = (await api.get<Waybill>(`/api/waybills/${draft.number}/`)).evrNumber!;
  expect(evrNumber).toBeTruthy();
  await expect(panel.getByText(evrNumber)).toBeVisible();
  await shoot(page, 'waybill-evr-in-transit', { fullPage: true });

  // EVR has it as the office sent it: the receiver reads it through the register's own API.
  const asReceiver = { 'EVR-APIKEY': `demo-${like.destinationCompany}` };
  const inEvr = await request.get(`${EVR}/api/waybills/${evrNumber}`, { headers: asReceiver });
  expect(inEvr.status()).toBe(200);
  const evr = (await inEvr.json()) as {
    status: string;
    transport: { driverIdCode: string };
    shipments: { holdingBase: { cadaster: string } }[];
  };
  expect(evr.status).toBe('shipping');
  expect(evr.transport.driverIdCode).toBe(EVR_READY.driverIdCode);
  expect(evr.shipments[0]!.holdingBase.cadaster).toBe(EVR_READY.cadastralNumber);

  await page.getByRole('button', { name: 'Mark delivered' }).click();
  await page
    .getByRole('dialog', { name: `Mark waybill ${draft.number} delivered?` })
    .getByRole('button', { name: 'Mark delivered' })
    .click();
  // The unload is a job too; the other tests' bulk actions may have queued many beside it (a
  // person's own step is taken before theirs, but those already being sent finish first).
  await expect(panel).toContainText('Unloaded', { timeout: 60_000 });
  const unloaded = (await (await request.get(`${EVR}/api/waybills/${evrNumber}`, { headers: asReceiver })).json()) as {
    status: string;
    totalJourneyMileage: number;
  };
  expect(unloaded).toMatchObject({ status: 'unloaded', totalJourneyMileage: 142 });

  // The receiver measures the load (1.3 m³ less than shipped: 5.3 %) and finishes it in EVR; the
  // office's poll brings both, and the page shows them live beside what was shipped.
  const act = await request.post(`${EVR}/api/waybills/${evrNumber}/measurements`, {
    headers: asReceiver,
    data: {
      actNumber: 'MA-2026-E2E',
      actDate: new Date().toISOString(),
      measurements: [{ amount: 23.2, unitCode: 'tm', assortment: { code: like.assortment, name: 'Saw log', productGroup: 'PALK' } }],
      total: { amount: 23.2, unit: 'tm' },
    },
  });
  expect(act.status(), await act.text()).toBeLessThan(300);
  const finish = await request.post(`${EVR}/api/waybills/${evrNumber}/finish`, { headers: asReceiver });
  expect(finish.status(), await finish.text()).toBeLessThan(300);
  await expect(panel).toContainText('Finished', { timeout: 30_000 });
  await expect(panel).toContainText('What the receiver measured');
  await expect(panel).toContainText('MA-2026-E2E');
  await expect(panel).toContainText('beyond the 3 % tolerance');
  await shoot(page, 'waybill-evr-measured', { fullPage: true });
  // The list finds it among the waybills measured off by more than the tolerance.
  const off = await api.get<{ results: Waybill[] }>(
    `/api/waybills/?evrMeasuredOff=true&driverName=${encodeURIComponent(draft.driverName)}`,
  );
  expect(off.results.map((waybill) => waybill.number)).toEqual([draft.number]);
});
