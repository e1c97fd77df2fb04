import { Type, Nullable, Timestamp, DateStr, listQuery, page, StrEnum, Quantity, Str, RecordVersion } from '../http/schema.js';
import {
  CERTIFICATE_CLAIMS,
  documentNumber,
  HOLDING_BASIS_TYPES,
  LIMITS,
  PHONE_PATTERN,
  QUANTITY_PATTERN,
  DECIMAL_MAX_LENGTH,
  UNITS,
  WAYBILL_CORRECTIONS,
  WAYBILL_LIST,
  WAYBILL_NUMBER_PATTERN,
  WAYBILL_STATUSES,
  EXPORT_FORMATS,
  EVR_STATUSES,
  EVR_SYNC_STATES,
  EVR_FAILURES,
  WAYBILL_DETAIL_FIELDS,
} from '@timberlog/contract';

export const CertificateClaim = Type.Object(
  {
    code: StrEnum(CERTIFICATE_CLAIMS, { description: 'The claim, by its EVR code (FSC 100%, FSC Mix, PEFC certified, ...).' }),
    number: Type.Optional(Nullable(Str(LIMITS.certificateNumberMaxLength))),
  },
  { title: 'CertificateClaim' },
);

/** A note on a waybill in EVR: its words, when, and which organisation wrote it. */
export const EvrNote = Type.Object(
  {
    message: Type.String(),
    creationTime: Nullable(Timestamp()),
    creatorName: Nullable(Type.String()),
    creatorCode: Nullable(Type.String({ description: 'Registry code of the organisation that wrote the note.' })),
  },
  { title: 'EvrNote' },
);

/** The receiver's latest measurement act in EVR, as a waybill (ours or an incoming one) keeps it. */
export const EvrMeasurement = Type.Object(
  {
    actNumber: Nullable(Type.String()),
    actDate: Nullable(Type.String()),
    measurerCode: Nullable(Type.String({ description: "The measurer's registry code." })),
    measurerName: Type.Optional(
      Nullable(
        Type.String({ description: "Always present. The measurer's name where a company of ours has its registry code; else null." }),
      ),
    ),
    creationTime: Nullable(Type.String()),
    total: Nullable(Type.Object({ amount: Type.Number(), unit: Type.String({ description: "EVR's unit code (tm: solid m³)." }) })),
    items: Type.Array(
      Type.Object({
        assortment: Nullable(Type.String()),
        name: Nullable(Type.String()),
        amount: Type.Number(),
        unitCode: Nullable(Type.String()),
      }),
    ),
  },
  { title: 'EvrMeasurement', description: "The receiver's latest measurement act in EVR; null: not measured." },
);

/** The waybill's EVR fields as answered: every one null on a waybill made before them. */
const evrFields = {
  ownerCompany: Nullable(Type.String({ description: "The timber's owner, a company (registry code)." })),
  ownerCompanyName: Nullable(Type.String()),
  ownerPersonName: Nullable(Type.String({ description: 'A private forest owner, instead of a company: the name.' })),
  ownerPersonCode: Nullable(Type.String({ description: "A private forest owner's personal ID code (isikukood)." })),
  transporterCompany: Nullable(Type.String({ description: 'The carrier (registry code).' })),
  transporterCompanyName: Nullable(Type.String()),
  driverIdCode: Nullable(Type.String({ description: "The driver's personal ID code (isikukood)." })),
  driverPhone: Nullable(Type.String()),
  trailerNumber: Nullable(Type.String()),
  departureTime: Nullable(Timestamp()),
  grossMass: Nullable(Type.String({ description: 'Gross mass of the truck and trailer, in tonnes.', examples: ['48.200'] })),
  holdingBasisType: Nullable(StrEnum(HOLDING_BASIS_TYPES)),
  cadastralNumber: Nullable(Type.String()),
  compartment: Nullable(Type.String()),
  forestAllocationNumber: Nullable(Type.String()),
  forestNotificationNumber: Nullable(Type.String()),
  contractNumber: Nullable(Type.String()),
  contractDate: Nullable(DateStr()),
  previousOwnerName: Nullable(Type.String()),
  previousOwnerCode: Nullable(Type.String()),
  previousOwnerAddress: Nullable(Type.String()),
  certificateClaims: Type.Array(CertificateClaim),
  eudrReferenceNumber: Nullable(Type.String()),
  eudrVerificationNumber: Nullable(Type.String()),
  evrNumber: Nullable(Type.String({ description: "The waybill's number in EVR; null: not in EVR." })),
  evrStatus: Nullable(StrEnum(EVR_STATUSES, { description: "The waybill's status in EVR; null: not in EVR." })),
  evrSync: Nullable(
    StrEnum(EVR_SYNC_STATES, {
      description:
        'How the exchange with EVR stands while not settled: `sending` (a job is on it) or `failed` (see evrFailure); null: settled.',
    }),
  ),
  evrFailure: Nullable(
    StrEnum(EVR_FAILURES, {
      description:
        'Why the last exchange with EVR failed (with evrSync `failed`): no answer, too slow, EVR failing, what was sent refused, the step refused, the API key refused, or no connection to EVR set up.',
    }),
  ),
  evrError: Nullable(
    Type.String({ description: "EVR's own words when it refused the waybill or the step (evrFailure `invalid` or `refused`)." }),
  ),
  evrExchangedAt: Nullable(Type.String({ format: 'date-time', description: 'When EVR last answered about this waybill.' })),
  evrMeasurement: Nullable(EvrMeasurement),
  evrNotes: Type.Array(EvrNote, {
    description: "The notes on the waybill in EVR (ours, the receiver's, a measurer's), oldest first, as EVR last answered.",
  }),
  evrMeasuredQuantity: Nullable(
    Type.String({
      description: "The measured total in the waybill's unit, when EVR measured in it: compare it with `quantity`.",
      examples: ['27.350'],
    }),
  ),
};

/** `delivered to confirmed, confirmed to draft`: the corrections staff may make, for the API document. */
export const CORRECTIONS_TEXT = Object.entries(WAYBILL_CORRECTIONS)
  .filter(([, to]) => to.length > 0)
  .map(([from, to]) => `${from} to ${to.join(' or ')}`)
  .join(', ');

export const Waybill = Type.Object(
  {
    number: Type.String(),
    status: StrEnum(WAYBILL_STATUSES),
    transportDate: DateStr(),
    origin: Type.String(),
    originName: Type.String(),
    destination: Type.String(),
    destinationName: Type.String(),
    destinationCompany: Type.String(),
    destinationCompanyName: Type.String(),
    driverName: Type.String(),
    vehicleNumber: Type.String(),
    mileage: Type.Integer(),
    assortment: Type.String(),
    assortmentName: Type.String(),
    quantity: Quantity(),
    unit: StrEnum(UNITS),
    invoice: Nullable(Type.String()),
    notes: Type.String(),
    createdBy: Nullable(Type.String()),
    createdByName: Nullable(
      Type.String({
        description:
          'The name of the account in createdBy, as the account has it now; null without one (an account since deleted, or none).',
      }),
    ),
    createdAt: Timestamp(),
    lastModifiedAt: Timestamp(),
    version: RecordVersion(),
    ...evrFields,
  },
  { $id: 'Waybill', title: 'Waybill' },
);
/** A waybill as a list page carries it: without the fields only its own page shows (WAYBILL_DETAIL_FIELDS). */
export const WaybillListItem = Type.Omit(Waybill, [...WAYBILL_DETAIL_FIELDS], {
  $id: 'WaybillListItem',
  title: 'WaybillListItem',
  description: `A waybill in a list: every field of a Waybill but ${WAYBILL_DETAIL_FIELDS.join(', ')}, which its own answer (GET /api/waybills/{number}/) carries.`,
});
export const WaybillPage = page(Type.Ref('WaybillListItem'), 'WaybillPage');

const editable = {
  transportDate: DateStr(),
  origin: Str(LIMITS.codeMaxLength, 1),
  destination: Str(LIMITS.codeMaxLength, 1),
  destinationCompany: Type.Optional(Type.String({ maxLength: LIMITS.registryCodeLength })),
  driverName: Str(LIMITS.nameMaxLength, 1),
  vehicleNumber: Str(LIMITS.vehicleNumberMaxLength, 1),
  mileage: Type.Integer({ minimum: LIMITS.mileageMin, maximum: LIMITS.mileageMax }),
  assortment: Str(LIMITS.codeMaxLength, 1),
  quantity: Quantity(),
  notes: Type.Optional(Str(LIMITS.notesMaxLength)),
  ...evrInput(),
};

/**
 * The EVR fields a create or change may send, each optional and nullable (null or empty text
 * clears it): a draft may be incomplete. Codes and numbers are checked by the contract's
 * evrValueProblems, so each refusal says what is wrong with that value.
 */
function evrInput() {
  const text = (max: number) => Type.Optional(Nullable(Str(max)));
  const code = text(LIMITS.personCodeLength);
  return {
    ownerCompany: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.registryCodeLength }))),
    ownerPersonName: text(LIMITS.nameMaxLength),
    ownerPersonCode: code,
    transporterCompany: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.registryCodeLength }))),
    driverIdCode: code,
    driverPhone: Type.Optional(
      Nullable(Type.Union([Type.Literal(''), Type.String({ maxLength: LIMITS.phoneMaxLength, pattern: PHONE_PATTERN })])),
    ),
    trailerNumber: text(LIMITS.vehicleNumberMaxLength),
    departureTime: Type.Optional(Nullable(Timestamp())),
    grossMass: Type.Optional(Nullable(Type.String({ pattern: QUANTITY_PATTERN, maxLength: DECIMAL_MAX_LENGTH }))),
    holdingBasisType: Type.Optional(Nullable(StrEnum(HOLDING_BASIS_TYPES))),
    cadastralNumber: text(LIMITS.cadastralNumberMaxLength),
    compartment: text(LIMITS.holdingBasisTextMaxLength),
    forestAllocationNumber: text(LIMITS.holdingBasisTextMaxLength),
    forestNotificationNumber: text(LIMITS.holdingBasisTextMaxLength),
    contractNumber: text(LIMITS.holdingBasisTextMaxLength),
    contractDate: Type.Optional(Nullable(DateStr())),
    previousOwnerName: text(LIMITS.nameMaxLength),
    previousOwnerCode: code,
    previousOwnerAddress: text(LIMITS.previousOwnerAddressMaxLength),
    certificateClaims: Type.Optional(Type.Array(CertificateClaim, { maxItems: LIMITS.certificateClaimsMax })),
    eudrReferenceNumber: text(LIMITS.eudrReferenceLength),
    eudrVerificationNumber: text(LIMITS.eudrVerificationLength),
  };
}
export const WaybillCreate = Type.Object(
  {
    number: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.waybillNumberMaxLength, pattern: WAYBILL_NUMBER_PATTERN })),
    ...editable,
  },
  { title: 'WaybillCreate' },
);
export const WaybillUpdate = Type.Object(
  {
    ...editable,
    status: Type.Optional(StrEnum(WAYBILL_STATUSES)),
    reason: Type.Optional(
      Type.String({
        maxLength: LIMITS.notesMaxLength,
        description: `Why: required with a correction (staff moving a waybill back: ${CORRECTIONS_TEXT}), kept in its history.`,
      }),
    ),
  },
  { title: 'WaybillUpdate' },
);
export const WaybillPatch = Type.Partial(WaybillUpdate, { title: 'WaybillPatch' });

export const WaybillListQuery = listQuery(WAYBILL_LIST, 'WaybillListQuery');
export const ReportBody = Type.Object({ format: StrEnum(EXPORT_FORMATS) }, { title: 'ReportRequest' });
/** The `number` path parameter of a document (waybill, worklog, invoice). */
export const numberParams = (what: string, prefix: string) =>
  Type.Object({
    number: Type.String({
      maxLength: LIMITS.documentNumberMaxLength,
      description: `The ${what}'s number, e.g. \`${documentNumber(prefix, 2026, 42)}\`.`,
    }),
  });
