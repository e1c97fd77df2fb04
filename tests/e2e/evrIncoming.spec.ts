import { expect, shoot, test } from './fixtures';
import { REAL_SERVER, REAL_SERVER_PORT, realApi } from './realServer';
import { DEMO_HAULIER, DEMO_USERS } from '@timberlog/contract/demo-data';

test.use({ baseURL: REAL_SERVER });

/** The real server's EVR stand-in (scripts/e2e-server.mjs: 1000 ports above the server). */
const EVR = `http://127.0.0.1:${REAL_SERVER_PORT + 1000}`;

interface Company {
  registryCode: string;
  name: string;
}

test('a load another company starts to the office in EVR comes in as an incoming waybill, live, and its unload follows on its page', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(DEMO_USERS.user.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_USERS.user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');
  const api = await realApi(request, DEMO_USERS.user);
  const { results: companies } = await api.get<{ results: Company[] }>('/api/companies/?pageSize=100');
  const office = companies.find((c) => c.name === DEMO_HAULIER)!;
  const supplier = companies.find((c) => c.name === 'Valga Metsad OÜ')!;

  await page.goto('/waybills');
  await page.getByRole('link', { name: 'Incoming from EVR' }).click();
  await expect(page).toHaveURL('/waybills/incoming');
  await expect(page.getByRole('heading', { name: 'Incoming from EVR', level: 1 })).toBeVisible();

  // The supplier starts a load to the office through the register's own API, as its software would.
  const address = { countryCode: 'EST', county: 'Valga maakond', city: 'Valga vald', street: 'Metsa 4' };
  const driver = `Incoming ${Date.now().toString(36)}`;
  const started = await request.post(`${EVR}/api/waybills`, {
    headers: { 'EVR-APIKEY': `demo-${supplier.registryCode}` },
    data: {
      owner: { name: supplier.name, code: supplier.registryCode, address },
      transport: {
        transporter: { name: supplier.name, code: supplier.registryCode },
        driverName: driver,
        driverIdCode: '38112120340',
        vanRegistrationNumber: '344 MKL',
      },
      receiver: { name: office.name, code: office.registryCode, address: { ...address, county: 'Võru maakond', city: 'Võru linn' } },
      placeOfDelivery: { name: `${office.name}, Võru plats`, address: { ...address, county: 'Võru maakond', city: 'Võru linn' } },
      departureTime: new Date().toISOString(),
      submissionTime: new Date().toISOString(),
      comment: 'EUDR DDS 26EE4199999 / 88999',
      shipments: [
        {
          holdingBase: { type: 'ForestNotice', cadaster: '82001:001:0999' },
          source: { name: 'Tõlliste metsaladu', address },
          items: [{ amount: 30.4, unitCode: 'tm', assortment: { code: 'KU-PP', name: 'Spruce pulpwood', productGroup: 'PABER' } }],
          certificateClaims: [{ code: 'PEFC', number: 'PEFC/09-31-02' }],
        },
      ],
    },
  });
  expect(started.status(), await started.text()).toBeLessThan(300);
  const evrNumber = (await started.json()) as string;

  // The office's poll brings it, and the open list shows it without a reload.
  const link = page.getByRole('link', { name: evrNumber });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await shoot(page, 'incoming-list', { fullPage: true });
  await link.click();
  await expect(page).toHaveURL(`/waybills/incoming/${evrNumber}`);
  const main = page.getByRole('main');
  await expect(main).toContainText(supplier.name);
  await expect(main).toContainText(driver);
  await expect(main).toContainText('82001:001:0999');
  await expect(main).toContainText('26EE4199999');

  // The supplier unloads it there; the page follows.
  const unload = await request.post(`${EVR}/api/waybills/${evrNumber}/unload`, {
    headers: { 'EVR-APIKEY': `demo-${supplier.registryCode}` },
    data: { totalJourneyMileage: 87 },
  });
  expect(unload.status(), await unload.text()).toBeLessThan(300);
  // The journey's mileage comes with the unload only; the status badge beside the title says so too.
  await expect(main).toContainText('87 km', { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('Unloaded');
  await shoot(page, 'incoming-waybill', { fullPage: true });
});
