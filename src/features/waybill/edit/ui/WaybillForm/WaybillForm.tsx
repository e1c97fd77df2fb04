import { LIMITS, UNIT_SYMBOLS } from '@timberlog/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCreateWaybillMutation, useUpdateWaybillMutation, type Waybill, waybillFieldLabel } from '@/entities/waybill';
import { confirmLeave } from '@/shared/lib';
import { draftKey } from '@/shared/lib/form';
import { useCurrentUser } from '@/entities/user';
import { ApiForm, Button, FormikTextArea, FormikTextField, SubmitButton } from '@/shared/ui';

import { waybillSchema } from '../../model/schema';
import {
  emptyWaybillValues,
  valuesToCreate,
  valuesToUpdate,
  WAYBILL_FORM_FIELDS,
  waybillToValues,
  type WaybillFormValues,
} from '../../model/values';

import { CompanyPicker } from '@/entities/company';
import { DestinationPicker, OriginPicker } from '@/entities/warehouse';

import { CertificateClaimsField, HoldingBasisFields } from './WaybillEvrFields';
import { ActiveAssortmentPicker, PickerField, WaybillPlaceEffects } from './WaybillPlaceFields';
import styles from './WaybillForm.module.css';

export interface WaybillFormProps {
  /** The waybill to edit; without it the form creates one. */
  readonly waybill?: Waybill;
  /** After a successful save, with the saved waybill. */
  readonly onSaved: (waybill: Waybill) => void;
  /** The user leaves without saving (asked first when something changed). */
  readonly onCancel: () => void;
  /** Who changed the waybill last, when the app heard it live: named if it changes while the user edits. */
  readonly changedBy?: string | null;
  /** A new waybill's starting values (another trip like one: duplicateWaybillValues); empty ones by default. */
  readonly startFrom?: WaybillFormValues;
}

/** The fields a conflict view compares, in the form's order (the claims' list is compared as the detail page shows it, not here). */
const CONFLICT_FIELDS = WAYBILL_FORM_FIELDS.filter((field) => field !== 'number' && field !== 'certificateClaims');

/** Creates or edits a waybill, with the server's rules; a failed save keeps every value typed. */
export function WaybillForm({ waybill, onSaved, onCancel, changedBy, startFrom }: WaybillFormProps) {
  const { t } = useTranslation();
  const isNew = waybill === undefined;
  const [createWaybill] = useCreateWaybillMutation();
  const [updateWaybill] = useUpdateWaybillMutation();
  const schema = useMemo(() => waybillSchema(t, { isNew }), [t, isNew]);
  // The values the form starts from; a later copy of the waybill (someone saved it) goes through `versioned`.
  // Unsaved work is kept in this browser per account and record, offered back after a reload.
  const account = useCurrentUser(true)?.email;
  const [initialValues] = useState(() => (waybill ? waybillToValues(waybill) : (startFrom ?? emptyWaybillValues())));
  const labels = useMemo(() => Object.fromEntries(CONFLICT_FIELDS.map((field) => [field, waybillFieldLabel(t, field)])), [t]);

  return (
    <ApiForm<WaybillFormValues, Waybill>
      initialValues={initialValues}
      validationSchema={schema}
      label={t('waybills.form.label')}
      leaveText={t('waybills.form.leaveText')}
      className={styles.form}
      fields={WAYBILL_FORM_FIELDS}
      focusFirstField
      localDraft={account === undefined ? undefined : draftKey(account, waybill ? `waybill:${waybill.number}` : 'waybill:new')}
      versioned={waybill ? { record: waybill, toValues: waybillToValues, labels, changedBy } : undefined}
      request={(values, version) =>
        waybill ? updateWaybill({ number: waybill.number, version, body: valuesToUpdate(values) }) : createWaybill(valuesToCreate(values))
      }
      onSuccess={(saved, _values, form) => {
        // The saved values are the new starting point: nothing is left to lose.
        form.resetForm({ values: waybillToValues(saved) });
        onSaved(saved);
      }}
    >
      {({ values }) => (
        <>
          <WaybillPlaceEffects />
          <div className={styles.grid}>
            {isNew ? (
              <FormikTextField
                label={t('waybills.fields.number')}
                name="number"
                hint={t('waybills.form.numberHint')}
                maxLength={LIMITS.waybillNumberMaxLength}
                autoComplete="off"
              />
            ) : null}
            <FormikTextField label={t('waybills.fields.transportDate')} name="transportDate" type="date" required />
          </div>
          {/* Grouped as the document is read: who, how it travels, where from and on what right, what. */}
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t('waybills.groups.parties')}</legend>
            <div className={styles.grid}>
              <PickerField
                picker={CompanyPicker}
                name="ownerCompany"
                label={t('waybills.fields.ownerCompany')}
                hint={t('waybills.evrForm.ownerHint')}
              />
              <FormikTextField
                label={t('waybills.fields.ownerPersonName')}
                name="ownerPersonName"
                maxLength={LIMITS.nameMaxLength}
                autoComplete="off"
              />
              <FormikTextField
                label={t('waybills.fields.ownerPersonCode')}
                name="ownerPersonCode"
                inputMode="numeric"
                maxLength={LIMITS.personCodeLength}
                hint={t('waybills.evrForm.idCodeHint')}
                autoComplete="off"
              />
              <PickerField
                picker={CompanyPicker}
                name="transporterCompany"
                label={t('waybills.fields.transporterCompany')}
                hint={t('waybills.evrForm.transporterHint')}
              />
              <PickerField picker={DestinationPicker} name="destination" label={t('waybills.fields.destination')} />
              <PickerField picker={CompanyPicker} name="destinationCompany" label={t('waybills.fields.destinationCompany')} />
            </div>
          </fieldset>
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t('waybills.groups.transport')}</legend>
            <div className={styles.grid}>
              <FormikTextField
                label={t('waybills.fields.departureTime')}
                name="departureTime"
                type="datetime-local"
                hint={t('waybills.evrForm.departureHint')}
              />
              <FormikTextField
                label={t('waybills.fields.driverName')}
                name="driverName"
                required
                maxLength={LIMITS.nameMaxLength}
                autoComplete="off"
              />
              <FormikTextField
                label={waybillFieldLabel(t, 'driverIdCode')}
                name="driverIdCode"
                inputMode="numeric"
                maxLength={LIMITS.personCodeLength}
                hint={t('waybills.evrForm.idCodeHint')}
                autoComplete="off"
              />
              <FormikTextField
                label={t('waybills.fields.driverPhone')}
                name="driverPhone"
                type="tel"
                maxLength={LIMITS.phoneMaxLength}
                autoComplete="off"
              />
              <FormikTextField
                label={t('waybills.fields.vehicleNumber')}
                name="vehicleNumber"
                required
                maxLength={LIMITS.vehicleNumberMaxLength}
                autoComplete="off"
              />
              <FormikTextField
                label={t('waybills.fields.trailerNumber')}
                name="trailerNumber"
                maxLength={LIMITS.vehicleNumberMaxLength}
                autoComplete="off"
              />
              <FormikTextField label={t('waybills.fields.grossMass')} name="grossMass" inputMode="decimal" autoComplete="off" />
              <FormikTextField
                label={t('waybills.fields.mileage')}
                name="mileage"
                inputMode="numeric"
                required
                hint={t('waybills.form.mileageHint', { min: LIMITS.mileageMin, max: LIMITS.mileageMax })}
                autoComplete="off"
              />
            </div>
          </fieldset>
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t('waybills.groups.origin')}</legend>
            <div className={styles.grid}>
              <PickerField picker={OriginPicker} name="origin" label={t('waybills.fields.origin')} />
              <HoldingBasisFields />
              <CertificateClaimsField />
              <FormikTextField
                label={waybillFieldLabel(t, 'eudrReferenceNumber')}
                name="eudrReferenceNumber"
                maxLength={LIMITS.eudrReferenceLength}
                hint={t('waybills.evrForm.eudrHint')}
                autoComplete="off"
              />
              <FormikTextField
                label={waybillFieldLabel(t, 'eudrVerificationNumber')}
                name="eudrVerificationNumber"
                maxLength={LIMITS.eudrVerificationLength}
                autoComplete="off"
              />
            </div>
          </fieldset>
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t('waybills.groups.load')}</legend>
            <div className={styles.grid}>
              <PickerField picker={ActiveAssortmentPicker} name="assortment" label={t('waybills.fields.assortment')} />
              <FormikTextField
                label={t('waybills.fields.quantity')}
                name="quantity"
                inputMode="decimal"
                required
                // The unit under the quantity once the assortment has one (a duplicate starts with it).
                hint={
                  values.unit
                    ? t('waybills.form.quantityHintIn', { unit: UNIT_SYMBOLS[values.unit], decimals: LIMITS.quantityMaxDecimals })
                    : t('waybills.form.quantityHint', { decimals: LIMITS.quantityMaxDecimals })
                }
                autoComplete="off"
              />
              <FormikTextArea label={t('waybills.fields.notes')} name="notes" className={styles.wide} maxLength={LIMITS.notesMaxLength} />
            </div>
          </fieldset>
          <div className={styles.buttons}>
            <SubmitButton submitting={t('waybills.form.saving')}>
              {isNew ? t('waybills.form.create') : t('waybills.form.save')}
            </SubmitButton>
            {/* With changes, the form's leave guard asks first (the same question as a link or Back). */}
            <Button variant="secondary" onClick={() => void confirmLeave().then((leave) => leave && onCancel())}>
              {t('waybills.form.cancel')}
            </Button>
          </div>
        </>
      )}
    </ApiForm>
  );
}
