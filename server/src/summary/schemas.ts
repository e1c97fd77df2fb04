import { Type, Nullable } from '../shared/schema.js';
import { INVOICE_STATUSES, WAYBILL_STATUSES } from '@timberlog/contract';

/** One non-negative count per status of `statuses`, every status present (0 when no row has it). */
const countsByStatus = <T extends readonly string[]>(statuses: T, noun: string) =>
  Type.Object(
    Object.fromEntries(
      statuses.map((status) => [status, Type.Integer({ minimum: 0, description: `${noun} whose \`status\` is \`${status}\`.` })]),
    ) as Record<T[number], ReturnType<typeof Type.Integer>>,
    { description: `The number of ${noun.toLowerCase()} in each status, every status present.` },
  );

export const Summary = Type.Object(
  {
    waybillsByStatus: countsByStatus(WAYBILL_STATUSES, 'Waybills'),
    invoicesByStatus: countsByStatus(INVOICE_STATUSES, 'Invoices'),
    usersAwaitingActivation: Nullable(
      Type.Integer({
        minimum: 0,
        description:
          'Staff only: accounts that are not active (sign-ups awaiting activation), as `GET /api/user/?isActive=false` counts them. `null` for other users.',
      }),
    ),
  },
  { $id: 'Summary', title: 'Summary' },
);
