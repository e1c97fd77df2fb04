import {
  exceedsLoadLimit,
  LIMITS,
  LOAD_LIMITS,
  QUANTITY_DECIMAL,
  decimalProblem,
  REGISTRY_CODE_PATTERN,
  WAYBILL_NUMBER_PATTERN,
  dateProblem,
  isValidDate,
  CERTIFICATE_CLAIMS,
  EUDR_REFERENCE_PATTERN,
  EUDR_VERIFICATION_PATTERN,
  HOLDING_BASIS_TYPES,
  isValidCadastralNumbers,
  isValidIsikukood,
  isValidPartyCode,
  PHONE_PATTERN,
} from '@timberlog/contract';
import type { TFunction } from 'i18next';
import { array, object, string } from 'yup';

import { formatQuantity } from '@/shared/lib/format';

import { normaliseDecimal, type WaybillFormValues } from './values';
import { contractMessage, contractText } from '@/shared/i18n';

// A sign is taken here so that "-3" is told the range, not "enter a whole number".
const INTEGER = /^-?\d+$/;
/** Why a typed quantity is not one the server takes (the contract's words), or undefined. */
const quantityProblem = (value: string) => decimalProblem(normaliseDecimal(value), QUANTITY_DECIMAL);

/** A quantity as the server takes it: a decimal string within the contract's digits, greater than 0. */
export const isQuantity = (value: string): boolean => quantityProblem(value) === undefined;

/** The waybill form's rules: the server's limits, patterns and rules from the contract package. */
export function waybillSchema(t: TFunction, { isNew }: { readonly isNew: boolean }) {
  const required = t('waybills.validation.required');
  const tooLong = (limit: number) => t('waybills.validation.tooLong', { limit });
  const text = (limit: number) => string().trim().required(required).max(limit, tooLong(limit));

  return object<WaybillFormValues>({
    number: isNew
      ? string()
          .trim()
          .max(LIMITS.waybillNumberMaxLength, tooLong(LIMITS.waybillNumberMaxLength))
          .matches(new RegExp(WAYBILL_NUMBER_PATTERN), { message: t('waybills.validation.numberPattern'), excludeEmptyString: true })
      : string(),
    transportDate: string()
      .required(t('waybills.validation.date'))
      .test('date', function realDate(value) {
        if (!value || isValidDate(value)) return true;
        // A whole date outside the years the product handles (31.12.9999) says what the range is.
        const year = /^(\d{4})-\d{2}-\d{2}$/.exec(value)?.[1];
        const outOfRange = year !== undefined && (Number(year) < LIMITS.yearMin || Number(year) > LIMITS.yearMax);
        // The range in the contract's words, as the server and the mocks answer it.
        const problem = dateProblem(value);
        return this.createError({
          message: outOfRange ? contractMessage(problem.key, problem.params) : t('waybills.validation.date'),
        });
      }),
    origin: text(LIMITS.codeMaxLength),
    destination: text(LIMITS.codeMaxLength),
    destinationCompany: string()
      .trim()
      .matches(new RegExp(REGISTRY_CODE_PATTERN), {
        message: t('waybills.validation.registryCode', { length: LIMITS.registryCodeLength }),
        excludeEmptyString: true,
      }),
    driverName: text(LIMITS.nameMaxLength),
    vehicleNumber: text(LIMITS.vehicleNumberMaxLength),
    mileage: string()
      .trim()
      .required(required)
      .matches(INTEGER, contractText('field.type.integer'))
      .test(
        'range',
        t('waybills.validation.range', { min: LIMITS.mileageMin, max: LIMITS.mileageMax }),
        (value) => !value || !INTEGER.test(value) || (Number(value) >= LIMITS.mileageMin && Number(value) <= LIMITS.mileageMax),
      ),
    assortment: text(LIMITS.codeMaxLength),
    quantity: string()
      .trim()
      .required(required)
      // Says what is wrong with this value: a sign, too many decimals or digits, not a number.
      .test('quantity', function quantity(value) {
        const problem = value ? quantityProblem(value) : undefined;
        return problem ? this.createError({ message: contractMessage(problem.key, problem.params) }) : true;
      })
      // One waybill is one load: more than a truck carries is a typing slip (the contract's LOAD_LIMITS).
      .test('load', function overLoad(value) {
        const unit = (this.parent as WaybillFormValues).unit;
        if (!value || !unit || !isQuantity(value) || !exceedsLoadLimit(normaliseDecimal(value), unit)) return true;
        // The limits are whole numbers under a thousand: written the same in every language.
        return this.createError({ message: t('waybills.validation.overLoad', { load: formatQuantity(LOAD_LIMITS[unit], unit, 'en') }) });
      }),
    notes: string().max(LIMITS.notesMaxLength, tooLong(LIMITS.notesMaxLength)),
    ...evrRules(t, tooLong),
  });
}

/**
 * The EVR fields' rules: a draft may leave any empty (confirming asks for what EVR needs, by the
 * contract's evrReadiness), but a value given must be one the server takes, in its words.
 */
function evrRules(t: TFunction, tooLong: (limit: number) => string) {
  const optional = (limit: number) => string().trim().max(limit, tooLong(limit));
  const checked = (limit: number, ok: (value: string) => boolean, key: string) =>
    optional(limit).test(key, contractMessage(key), (value) => !value || ok(value));
  const registryCode = string()
    .trim()
    .matches(new RegExp(REGISTRY_CODE_PATTERN), {
      message: t('waybills.validation.registryCode', { length: LIMITS.registryCodeLength }),
      excludeEmptyString: true,
    });
  const isikukood = (value: string) => isValidIsikukood(value);
  return {
    ownerCompany: registryCode,
    ownerPersonName: optional(LIMITS.nameMaxLength),
    ownerPersonCode: checked(LIMITS.personCodeLength, isikukood, 'field.idCode'),
    transporterCompany: registryCode,
    driverIdCode: checked(LIMITS.personCodeLength, isikukood, 'field.idCode'),
    driverPhone: optional(LIMITS.phoneMaxLength).matches(new RegExp(PHONE_PATTERN), {
      message: contractMessage('field.pattern'),
      excludeEmptyString: true,
    }),
    trailerNumber: optional(LIMITS.vehicleNumberMaxLength),
    departureTime: string().test('departure', t('waybills.validation.date'), (value) => !value || !Number.isNaN(Date.parse(value))),
    grossMass: string()
      .trim()
      .test('mass', function mass(value) {
        const problem = value ? quantityProblem(value) : undefined;
        if (problem) return this.createError({ message: contractMessage(problem.key, problem.params) });
        if (value && Number(normaliseDecimal(value)) > LIMITS.grossMassMax)
          return this.createError({ message: contractMessage('field.maximum', { limit: LIMITS.grossMassMax }) });
        return true;
      }),
    holdingBasisType: string().oneOf(['', ...HOLDING_BASIS_TYPES]),
    cadastralNumber: checked(LIMITS.cadastralNumberMaxLength, isValidCadastralNumbers, 'field.cadastralNumber'),
    compartment: optional(LIMITS.holdingBasisTextMaxLength),
    forestAllocationNumber: optional(LIMITS.holdingBasisTextMaxLength),
    forestNotificationNumber: optional(LIMITS.holdingBasisTextMaxLength),
    contractNumber: optional(LIMITS.holdingBasisTextMaxLength),
    contractDate: string().test('date', t('waybills.validation.date'), (value) => !value || isValidDate(value)),
    previousOwnerName: optional(LIMITS.nameMaxLength),
    previousOwnerCode: checked(LIMITS.personCodeLength, isValidPartyCode, 'field.partyCode'),
    previousOwnerAddress: optional(LIMITS.previousOwnerAddressMaxLength),
    certificateClaims: array()
      .of(
        object({
          code: string()
            .required(t('waybills.validation.required'))
            .oneOf([...CERTIFICATE_CLAIMS]),
          number: optional(LIMITS.certificateNumberMaxLength),
        }),
      )
      .max(LIMITS.certificateClaimsMax, contractMessage('field.maxItems', { limit: LIMITS.certificateClaimsMax }))
      .test('unique', contractMessage('evr.claimTwice'), (claims) => {
        const codes = (claims ?? []).map((claim) => claim.code).filter(Boolean);
        return new Set(codes).size === codes.length;
      }),
    eudrReferenceNumber: checked(
      LIMITS.eudrReferenceLength,
      (value) => new RegExp(EUDR_REFERENCE_PATTERN).test(value),
      'field.eudrReference',
    ),
    eudrVerificationNumber: checked(
      LIMITS.eudrVerificationLength,
      (value) => new RegExp(EUDR_VERIFICATION_PATTERN).test(value),
      'field.eudrVerification',
    ),
  };
}
