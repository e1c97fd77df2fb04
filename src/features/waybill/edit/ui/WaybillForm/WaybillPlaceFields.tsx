import { useField, useFormikContext } from 'formik';
import { useEffect, useRef, type ComponentType } from 'react';

import { AssortmentPicker, useGetAssortmentQuery } from '@/entities/assortment';
import { useGetWarehouseByDestinationQuery } from '@/entities/warehouse';
import { useShownError } from '@/shared/ui';

import type { WaybillFormValues } from '../../model/values';

import styles from './WaybillForm.module.css';

interface PickerProps {
  readonly label: string;
  readonly value: readonly string[];
  readonly onChange: (value: string[]) => void;
  readonly error?: string;
  readonly name?: string;
  readonly onBlur?: () => void;
}

/** A single-value picker bound to the Formik field of the same name (a code, '' when none). */
export function PickerField({
  picker: Picker,
  name,
  label,
  hint,
}: {
  readonly picker: ComponentType<PickerProps>;
  readonly name: keyof WaybillFormValues;
  readonly label: string;
  /** A short help text under the picker. */
  readonly hint?: string;
}) {
  const [field, meta, helpers] = useField<string>(name);
  const error = useShownError(field.value, meta);
  const picker = (
    <Picker
      label={label}
      name={name}
      value={field.value ? [field.value] : []}
      onChange={(values) => void helpers.setValue(values.at(-1) ?? '')}
      onBlur={() => void helpers.setTouched(true)}
      error={error}
    />
  );
  return hint ? (
    <div className={styles.withHint}>
      {picker}
      <p className={styles.hint}>{hint}</p>
    </div>
  ) : (
    picker
  );
}

export const ActiveAssortmentPicker = (props: PickerProps) => <AssortmentPicker {...props} activeOnly />;

/**
 * What choosing a place or an assortment fills in: choosing a destination fills the receiving
 * company from the destination's warehouse, as the server does when none is given (the user may
 * still pick another); an assortment brings its unit, which bounds the quantity. The pickers
 * themselves stand in the form's groups (PickerField).
 */
export function WaybillPlaceEffects() {
  const { values, setFieldValue } = useFormikContext<WaybillFormValues>();
  const destination = values.destination.trim();
  const { data: warehouse } = useGetWarehouseByDestinationQuery(destination, { skip: !destination });
  const filledFor = useRef(destination);
  const assortmentCode = values.assortment.trim();
  const { data: assortment } = useGetAssortmentQuery(assortmentCode, { skip: !assortmentCode });

  useEffect(() => {
    // The quantity is checked against one load of the chosen assortment's unit; a loaded waybill
    // starts with its own unit, kept until another assortment's has arrived.
    const unit = !assortmentCode ? '' : assortment?.code === assortmentCode ? assortment.unit : values.unit;
    if (unit !== values.unit) void setFieldValue('unit', unit, false);
  }, [assortment, assortmentCode, values.unit, setFieldValue]);

  useEffect(() => {
    // Only when the user picked another destination: a loaded waybill keeps its company.
    if (!warehouse || warehouse.destinationCode !== destination || filledFor.current === destination) return;
    filledFor.current = destination;
    void setFieldValue('destinationCompany', warehouse.company);
  }, [warehouse, destination, setFieldValue]);

  return null;
}
