import { useField } from 'formik';
import { useTranslation } from 'react-i18next';

import { AssortmentPicker } from '@/entities/assortment';
import { WarehousePicker } from '@/entities/warehouse';
import { useShownError } from '@/shared/ui';

/** The warehouse, picked by name from the server; the form holds its id. */
export function WarehouseField() {
  const { t } = useTranslation();
  const [field, meta, helpers] = useField<number | null>('warehouse');
  const error = useShownError(field.value, meta);
  return (
    <WarehousePicker
      label={t('worklogs.fields.warehouse')}
      name="warehouse"
      value={field.value === null ? [] : [String(field.value)]}
      onChange={(values) => {
        const last = values.at(-1);
        void helpers.setValue(last === undefined ? null : Number(last));
      }}
      onBlur={() => void helpers.setTouched(true)}
      error={error}
    />
  );
}

/** The assortment (optional), picked from the ones in use; the form holds its code. */
export function AssortmentField() {
  const { t } = useTranslation();
  const [field, meta, helpers] = useField<string>('assortment');
  const error = useShownError(field.value, meta);
  return (
    <AssortmentPicker
      label={t('worklogs.fields.assortment')}
      name="assortment"
      activeOnly
      value={field.value ? [field.value] : []}
      onChange={(values) => void helpers.setValue(values.at(-1) ?? '')}
      onBlur={() => void helpers.setTouched(true)}
      error={error}
    />
  );
}
