import {
  CERTIFICATE_CLAIMS,
  HOLDING_BASIS,
  HOLDING_BASIS_TYPES,
  isHoldingBasisType,
  LIMITS,
  type HoldingBasisField,
} from '@timberlog/contract';
import { FieldArray, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';

import { useValueLabels } from '@/shared/i18n';
import { Button, FormikSelectField, FormikTextField } from '@/shared/ui';

import type { WaybillFormValues } from '../../model/values';

import styles from './WaybillForm.module.css';
import { waybillFieldLabel } from '@/entities/waybill';

/** How each holding-basis field is typed: its input and length. */
const BASIS_INPUTS: Readonly<Record<HoldingBasisField, { readonly max?: number; readonly type?: 'date'; readonly hint?: boolean }>> = {
  cadastralNumber: { max: LIMITS.cadastralNumberMaxLength, hint: true },
  compartment: { max: LIMITS.holdingBasisTextMaxLength },
  forestAllocationNumber: { max: LIMITS.holdingBasisTextMaxLength },
  forestNotificationNumber: { max: LIMITS.holdingBasisTextMaxLength },
  contractNumber: { max: LIMITS.holdingBasisTextMaxLength },
  contractDate: { type: 'date' },
  previousOwnerName: { max: LIMITS.nameMaxLength },
  previousOwnerCode: { max: LIMITS.personCodeLength },
  previousOwnerAddress: { max: LIMITS.previousOwnerAddressMaxLength },
};

/**
 * The holding basis: its type, then only the fields that type carries (the contract's
 * HOLDING_BASIS), those EVR needs marked required. Values of another type's fields stay in the
 * form while hidden, so switching back loses nothing.
 */
export function HoldingBasisFields() {
  const { t } = useTranslation();
  const labels = useValueLabels();
  const { values } = useFormikContext<WaybillFormValues>();
  const type = isHoldingBasisType(values.holdingBasisType) ? values.holdingBasisType : undefined;
  const rule = type ? HOLDING_BASIS[type] : undefined;
  return (
    <>
      <FormikSelectField
        label={t('waybills.fields.holdingBasisType')}
        name="holdingBasisType"
        options={[
          { value: '', label: t('waybills.evrForm.holdingBasisNone') },
          ...HOLDING_BASIS_TYPES.map((value) => ({ value, label: labels.holdingBasis(value) })),
        ]}
      />
      {rule?.fields.map((field) => {
        const input = BASIS_INPUTS[field];
        return (
          <FormikTextField
            key={field}
            label={waybillFieldLabel(t, field)}
            name={field}
            type={input.type}
            maxLength={input.max}
            required={rule.required.includes(field)}
            hint={input.hint ? t('waybills.evrForm.cadastralHint') : undefined}
            autoComplete="off"
          />
        );
      })}
    </>
  );
}

/** The certificate claims: a short list, each a claim from the contract's list and its certificate's number. */
export function CertificateClaimsField() {
  const { t } = useTranslation();
  const labels = useValueLabels();
  const { values, errors, touched } = useFormikContext<WaybillFormValues>();
  const listError = typeof errors.certificateClaims === 'string' && touched.certificateClaims ? errors.certificateClaims : undefined;
  return (
    <FieldArray name="certificateClaims">
      {(helpers) => (
        <fieldset className={`${styles.claims} ${styles.wide}`}>
          <legend className={styles.claimsLegend}>{t('waybills.fields.certificateClaims')}</legend>
          {values.certificateClaims.length === 0 ? <p className={styles.hint}>{t('waybills.evrForm.claimNone')}</p> : null}
          {values.certificateClaims.map((_claim, index) => (
            // Rows have no identity of their own but their place: removing one re-renders those after it.
            <div key={index} className={styles.claimRow}>
              <FormikSelectField
                label={t('waybills.evrForm.claimCode')}
                name={`certificateClaims.${index}.code`}
                required
                options={[
                  { value: '', label: t('waybills.evrForm.holdingBasisNone') },
                  ...CERTIFICATE_CLAIMS.map((code) => ({ value: code, label: labels.certificateClaim(code) })),
                ]}
              />
              <FormikTextField
                label={t('waybills.evrForm.claimNumber')}
                name={`certificateClaims.${index}.number`}
                maxLength={LIMITS.certificateNumberMaxLength}
                autoComplete="off"
              />
              <Button variant="secondary" size="sm" onClick={() => helpers.remove(index)}>
                {t('waybills.evrForm.removeClaim', { index: index + 1 })}
              </Button>
            </div>
          ))}
          {listError ? (
            <p className={styles.error} role="alert">
              {listError}
            </p>
          ) : null}
          {values.certificateClaims.length < LIMITS.certificateClaimsMax ? (
            <div>
              <Button variant="secondary" size="sm" onClick={() => helpers.push({ code: '', number: '' })}>
                {t('waybills.evrForm.addClaim')}
              </Button>
            </div>
          ) : null}
        </fieldset>
      )}
    </FieldArray>
  );
}
