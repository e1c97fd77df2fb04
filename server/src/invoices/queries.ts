import { sql } from 'kysely';
import { INVOICE_LIST } from '@timberlog/contract';
import { defineSpec } from '../list/index.js';

export const invoiceSpec = defineSpec({
  list: INVOICE_LIST,
  from: sql`invoices i JOIN companies c ON c.registry_code = i.customer`,
  select:
    sql.raw(`i.number, i.status, i.customer, c.name AS "customerName", i.issue_date AS "issueDate", i.due_date AS "dueDate", i.currency, i.lines,
    i.net_total::text AS "netTotal", i.vat_rate::text AS "vatRate", i.vat_total::text AS "vatTotal", i.gross_total::text AS "grossTotal",
    ARRAY(SELECT wb.number FROM waybills wb WHERE wb.invoice = i.number ORDER BY wb.number) AS waybills,
    i.sync_error AS "syncError", i.sync_failure AS "syncFailure", i.sync_attempts AS "syncAttempts", i.synced_at AS "syncedAt", i.external_id AS "externalId",
    i.sent_at AS "sentAt", i.sent_to AS "sentTo",
    i.created_by AS "createdBy", (SELECT u.name FROM users u WHERE u.email = i.created_by) AS "createdByName", i.created_at AS "createdAt", i.last_modified_at AS "lastModifiedAt", i.version`),
  columns: {
    number: 'i.number',
    status: 'i.status',
    customer: 'i.customer',
    issueDate: 'i.issue_date',
    dueDate: 'i.due_date',
    grossTotal: 'i.gross_total',
    netTotal: 'i.net_total',
    syncedAt: 'i.synced_at',
    createdAt: 'i.created_at',
    lastModifiedAt: 'i.last_modified_at',
  },
  searchColumns: { customerName: 'c.name' },
  tiebreak: 'i.number',
});
