import { configureStore } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { DEMO_USERS } from '@timberlog/contract/demo-data';
import { COMPANY_LIST, LIMITS } from '@timberlog/contract';

import { warehouseApi } from '@/entities/warehouse';
import { baseApi, type RequestBody, type Schema } from '@/shared/api';
import { mockDb } from '@/shared/mock-db';

import { adminApi } from '../api/adminApi';

import { describe as describeResource } from './describe';
import { ADMIN_RESOURCES } from './resources';
import { resourceSchema, toBody, toFormValues } from './schema';

const t = (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key);
const errorsOf = async (schema: ReturnType<typeof resourceSchema>, values: object) => {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    return Object.fromEntries((error as { inner: { path: string; message: string }[] }).inner.map((item) => [item.path, item.message]));
  }
};

describe('the generic resource form', () => {
  const companies = ADMIN_RESOURCES.companies;

  it("edits a warehouse's EVR place: L-EST97 coordinates within Estonia sent as numbers, empty parts as null", async () => {
    const warehouses = ADMIN_RESOURCES.warehouses;
    const values = { ...toFormValues(warehouses), name: 'Paide sawmill', company: '10000001', coordX: '58.88', coordY: '590112,5' };
    const errors = await errorsOf(resourceSchema(warehouses, t, false), values);
    expect(Object.keys(errors)).toEqual(['coordX']);
    expect(errors.coordX).toMatch(/admin.validation.numberRange/);
    const body = toBody(warehouses, { ...values, coordX: '6528012.34', evrPlaceCode: ' TL-PAIDE ' }, false);
    expect(body).toMatchObject({ coordX: 6528012.34, coordY: 590112.5, evrPlaceCode: 'TL-PAIDE', county: null, street: null });
  });

  it('checks the contract rules of a new record: required fields, the registry code pattern, lengths', async () => {
    const values = { ...toFormValues(companies), registryCode: '123', name: 'x'.repeat(LIMITS.shortTextMaxLength + 1) };
    const errors = await errorsOf(resourceSchema(companies, t, false), values);
    expect(errors.registryCode).toBe('admin.validation.registryCode');
    expect(errors.name).toBe(`admin.validation.tooLong {"limit":${LIMITS.shortTextMaxLength}}`);
    expect(await errorsOf(resourceSchema(companies, t, false), { ...values, registryCode: '12345678', name: 'Mets OÜ' })).toEqual({});
  });

  it('leaves the key out of an edit, where it cannot change', async () => {
    const company = mockDb.companies[0]!;
    const values = toFormValues(companies, company);
    expect(values.registryCode).toBe(company.registryCode);
    expect(toBody(companies, values, true)).not.toHaveProperty('registryCode');
    expect(toBody(companies, values, false)).toHaveProperty('registryCode', company.registryCode);
    expect(await errorsOf(resourceSchema(companies, t, true), { ...values, registryCode: 'not checked' })).toEqual({});
  });

  it('sends ids as numbers and empty optional codes as null, as the API takes them', () => {
    const warehouses = ADMIN_RESOURCES.warehouses;
    const body = toBody(
      warehouses,
      { ...toFormValues(warehouses), name: ' Ladu ', company: '12345678', originCode: '', destinationCode: 'D-1' },
      false,
    );
    expect(body).toMatchObject({ name: 'Ladu', company: '12345678', originCode: null, destinationCode: 'D-1' });
    const assortments = ADMIN_RESOURCES.assortments;
    expect(toBody(assortments, { ...toFormValues(assortments), assortmentType: '3', isActive: true }, false)).toMatchObject({
      assortmentType: 3,
      isActive: true,
    });
  });

  it('a new assortment is active unless unticked', () => {
    expect(toFormValues(ADMIN_RESOURCES.assortments).isActive).toBe(true);
    expect(toFormValues(ADMIN_RESOURCES.companies).isInvoiceCustomer).toBe(false);
  });
});

describe('admin changes and the pickers', () => {
  it('a warehouse created in the admin panel is in the warehouse list the pickers read, without a reload', async () => {
    const store = configureStore({
      reducer: {
        [baseApi.reducerPath]: baseApi.reducer,
        session: () => ({
          accessToken: `mock-access-token:${DEMO_USERS.staff.email}`,
          refreshToken: null,
          sessionExpired: false,
          sessionInitialized: true,
        }),
      },
      middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(baseApi.middleware),
    });
    const params = { search: 'Uus laoplats', pageSize: 20 };
    const subscription = store.dispatch(warehouseApi.endpoints.listWarehouses.initiate(params));
    expect((await subscription.unwrap()).count).toBe(0);

    const company = mockDb.companies[0]!.registryCode;
    await store
      .dispatch(adminApi.endpoints.adminCreate.initiate({ resource: 'warehouses', body: { name: 'Uus laoplats', company } }))
      .unwrap();

    // The picker's query refetches because the admin change invalidated the warehouse list tag.
    await waitFor(() => expect(warehouseApi.endpoints.listWarehouses.select(params)(store.getState()).data?.count).toBe(1));
    subscription.unsubscribe();
  });
});

describe('the resource descriptions follow the generated API types', () => {
  it('a field or column the API does not have fails the type check', () => {
    const bad = describeResource<Schema<'Company'>, RequestBody<'/api/admin/companies', 'post'>>({
      resource: 'companies',
      list: COMPANY_LIST,
      keyField: 'registryCode',
      i18n: 'admin.companies',
      // @ts-expect-error -- the create body has no `phone`
      fields: [{ name: 'phone', kind: 'text' }],
      // @ts-expect-error -- the record has no `phone`
      columns: [{ field: 'phone' }],
    });
    expect(bad.resource).toBe('companies');
  });
});
