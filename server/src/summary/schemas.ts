import { Type, Nullable, Money, StrEnum } from '../http/schema.js';
import { INVOICE_STATUSES, SUMMARY_CHARTS, UNITS, WAYBILL_STATUSES } from '@timberlog/contract';

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

const Day = (description: string) => Type.String({ format: 'date', description, examples: ['2026-11-23'] });
const Decimal3 = (description: string) => Type.String({ description, examples: ['1234.500'] });

const WeeklyHaul = Type.Object(
  {
    week: Day('The Monday of the week (ISO weeks), one of `weeks`.'),
    assortmentType: Type.Integer({ description: 'The assortment type (id).' }),
    assortmentTypeName: Type.String(),
    unit: StrEnum(UNITS, { description: 'The unit of the quantity: quantities of different units are never added together.' }),
    waybills: Type.Integer({ minimum: 1, description: 'How many hauled waybills of that type and unit the week has.' }),
    quantity: Decimal3('Their quantity in `unit`.'),
  },
  { description: 'The timber of one assortment type in one unit hauled in one week.' },
);

const Destination = Type.Object(
  {
    destination: Type.String({ description: 'The destination code.' }),
    destinationName: Type.String({ description: "The destination warehouse's name." }),
    waybills: Type.Integer({ minimum: 1, description: 'Hauled waybills to it this month (loads).' }),
    m3: Decimal3('Their quantity in cubic metres (assortments measured in m³).'),
    t: Decimal3('Their quantity in tonnes (assortments measured in t).'),
  },
  { description: 'One destination of the current month.' },
);

const MonthlyInvoicing = Type.Object(
  {
    month: Day('The first day of the month of issue, one of `months`.'),
    status: StrEnum(INVOICE_STATUSES, { description: 'The sync status of these invoices.' }),
    invoices: Type.Integer({ minimum: 1, description: 'How many invoices issued that month are in that status.' }),
    netTotal: Money('Their net totals summed, EUR.'),
    grossTotal: Money('Their gross totals summed (VAT included), EUR.'),
  },
  { description: 'The invoices issued in one month in one sync status.' },
);

export const SummaryCharts = Type.Object(
  {
    today: Day("The day the figures are counted up to, in the office's time zone."),
    weeks: Type.Array(Day('A Monday.'), {
      description: `The ${SUMMARY_CHARTS.weeks} weeks of \`hauls\`, oldest first; the last holds \`today\`.`,
    }),
    hauls: Type.Array(WeeklyHaul, {
      description:
        `Timber hauled (waybills ${SUMMARY_CHARTS.hauledStatuses.map((s) => `\`${s}\``).join(' or ')}) per week by transport date, per assortment type and unit. ` +
        'Only the combinations that have waybills, ordered by week, assortment type (id) and unit.',
    }),
    month: Day('The first day of the current month.'),
    topDestinations: Type.Array(Destination, {
      description: `The ${SUMMARY_CHARTS.topDestinations} destinations that received the most hauled waybills this month (by transport date), most first, then by code.`,
    }),
    months: Type.Array(Day('The first day of a month.'), {
      description: `The ${SUMMARY_CHARTS.months} months of \`invoicing\`, oldest first; the last is the current month.`,
    }),
    invoicing: Type.Array(MonthlyInvoicing, {
      description:
        'Invoices per month of issue and sync status: only the combinations that have invoices, ordered by month and then status as `InvoiceStatus` lists them.',
    }),
  },
  { $id: 'SummaryCharts', title: 'SummaryCharts' },
);
