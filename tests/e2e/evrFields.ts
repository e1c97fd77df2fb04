/**
 * What EVR needs of a waybill before it can be confirmed, beyond the fields every waybill has: the
 * driver's personal ID code, the departure, a forest notification's cadastral unit. The
 * transporter is the caller's (a company of the reference data). A draft made through the API
 * with these can be confirmed; the contract's evrReadiness says which are needed.
 */
export const EVR_READY = {
  driverIdCode: '37605030299',
  departureTime: '2026-11-02T06:30:00Z',
  holdingBasisType: 'ForestNotice',
  cadastralNumber: '78401:001:0123',
  forestNotificationNumber: '7123456',
} as const;
