import { LIMITS } from '@timberlog/contract';
import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { useGetWarehouseByDestinationQuery } from '@/entities/warehouse';
import { FormikTextField } from '@/shared/ui';

import type { WaybillFormValues } from '../../model/values';

/**
 * Origin, destination, the receiving company and the assortment. Choosing a destination fills
 * the company from the destination's warehouse, as the server does when none is given.
 */
export function WaybillPlaceFields() {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<WaybillFormValues>();
  const destination = values.destination.trim();
  const { data: warehouse } = useGetWarehouseByDestinationQuery(destination, { skip: !destination });
  const filledFor = useRef(destination);

  useEffect(() => {
    // Only when the user picked another destination: a loaded waybill keeps its company.
    if (!warehouse || warehouse.destinationCode !== destination || filledFor.current === destination) return;
    filledFor.current = destination;
    void setFieldValue('destinationCompany', warehouse.company);
  }, [warehouse, destination, setFieldValue]);

  return (
    <>
      <FormikTextField label={t('waybills.fields.origin')} name="origin" required maxLength={LIMITS.codeMaxLength} autoComplete="off" />
      <FormikTextField
        label={t('waybills.fields.destination')}
        name="destination"
        required
        maxLength={LIMITS.codeMaxLength}
        autoComplete="off"
      />
      <FormikTextField
        label={t('waybills.fields.destinationCompany')}
        name="destinationCompany"
        hint={t('waybills.form.destinationCompanyHint')}
        maxLength={LIMITS.registryCodeLength}
        autoComplete="off"
      />
      <FormikTextField
        label={t('waybills.fields.assortment')}
        name="assortment"
        required
        maxLength={LIMITS.codeMaxLength}
        autoComplete="off"
      />
    </>
  );
}
