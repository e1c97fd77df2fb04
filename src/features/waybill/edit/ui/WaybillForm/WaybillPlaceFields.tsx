import { useField, useFormikContext } from 'formik';
import { useEffect, useRef, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

import { AssortmentPicker, useGetAssortmentQuery } from '@/entities/assortment';
import { CompanyPicker } from '@/entities/company';
import { DestinationPicker, OriginPicker, useGetWarehouseByDestinationQuery } from '@/entities/warehouse';

import type { WaybillFormValues } from '../../model/values';

interface PickerProps {
  readonly label: string;
  readonly value: readonly string[];
  readonly onChange: (value: string[]) => void;
  readonly error?: string;
  readonly name?: string;
  readonly onBlur?: () => void;
}

/** A single-value picker bound to the Formik field of the same name (a code, '' when none). */
function PickerField({
  picker: Picker,
  name,
  label,
}: {
  readonly picker: ComponentType<PickerProps>;
  readonly name: keyof WaybillFormValues;
  readonly label: string;
}) {
  const [field, meta, helpers] = useField<string>(name);
  return (
    <Picker
      label={label}
      name={name}
      value={field.value ? [field.value] : []}
      onChange={(values) => void helpers.setValue(values.at(-1) ?? '')}
      onBlur={() => void helpers.setTouched(true)}
      error={meta.touched ? meta.error : undefined}
    />
  );
}

const ActiveAssortmentPicker = (props: PickerProps) => <AssortmentPicker {...props} activeOnly />;

/**
 * Origin, destination, the receiving company and the assortment, each picked from the server's
 * reference data. Choosing a destination fills the company from the destination's warehouse, as
 * the server does when none is given; the user may still pick another.
 */
export function WaybillPlaceFields() {
  const { t } = useTranslation();
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

  return (
    <>
      <PickerField picker={OriginPicker} name="origin" label={t('waybills.fields.origin')} />
      <PickerField picker={DestinationPicker} name="destination" label={t('waybills.fields.destination')} />
      <PickerField picker={CompanyPicker} name="destinationCompany" label={t('waybills.fields.destinationCompany')} />
      <PickerField picker={ActiveAssortmentPicker} name="assortment" label={t('waybills.fields.assortment')} />
    </>
  );
}
