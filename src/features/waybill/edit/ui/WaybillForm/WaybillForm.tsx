import { LIMITS } from '@timberlog/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCreateWaybillMutation, useUpdateWaybillMutation, type Waybill } from '@/entities/waybill';
import { confirmLeave } from '@/shared/lib';
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

import { WaybillPlaceFields } from './WaybillPlaceFields';
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

/** The fields a conflict view compares, in the form's order. */
const CONFLICT_FIELDS = WAYBILL_FORM_FIELDS.filter((field) => field !== 'number');

/** Creates or edits a waybill, with the server's rules; a failed save keeps every value typed. */
export function WaybillForm({ waybill, onSaved, onCancel, changedBy, startFrom }: WaybillFormProps) {
  const { t } = useTranslation();
  const isNew = waybill === undefined;
  const [createWaybill] = useCreateWaybillMutation();
  const [updateWaybill] = useUpdateWaybillMutation();
  const schema = useMemo(() => waybillSchema(t, { isNew }), [t, isNew]);
  // The values the form starts from; a later copy of the waybill (someone saved it) goes through `versioned`.
  const [initialValues] = useState(() => (waybill ? waybillToValues(waybill) : (startFrom ?? emptyWaybillValues())));
  const labels = useMemo(() => Object.fromEntries(CONFLICT_FIELDS.map((field) => [field, t(`waybills.fields.${field}`)])), [t]);

  return (
    <ApiForm<WaybillFormValues, Waybill>
      initialValues={initialValues}
      validationSchema={schema}
      label={t('waybills.form.label')}
      leaveText={t('waybills.form.leaveText')}
      className={styles.form}
      fields={WAYBILL_FORM_FIELDS}
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
      {() => (
        <>
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
            <WaybillPlaceFields />
            <FormikTextField
              label={t('waybills.fields.driverName')}
              name="driverName"
              required
              maxLength={LIMITS.nameMaxLength}
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
              label={t('waybills.fields.mileage')}
              name="mileage"
              inputMode="numeric"
              required
              hint={t('waybills.form.mileageHint', { min: LIMITS.mileageMin, max: LIMITS.mileageMax })}
              autoComplete="off"
            />
            <FormikTextField
              label={t('waybills.fields.quantity')}
              name="quantity"
              inputMode="decimal"
              required
              hint={t('waybills.form.quantityHint', { decimals: LIMITS.quantityMaxDecimals })}
              autoComplete="off"
            />
            <FormikTextArea label={t('waybills.fields.notes')} name="notes" className={styles.wide} maxLength={LIMITS.notesMaxLength} />
          </div>
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
