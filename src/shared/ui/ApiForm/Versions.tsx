import { useFormikContext, type FormikValues } from 'formik';
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '../Button/Button';
import { FormAlert } from '../FormCard/FormCard';

import type { VersionedRecord } from './ApiForm';

// Loaded when a save meets someone else's change.
const ConflictView = lazy(() => import('../ConflictView/ConflictView').then((module) => ({ default: module.ConflictView })));

export interface Conflict<Values> {
  /** What happened, in the server's words (who changed the record, when). */
  readonly detail: string;
  /** The record as it is now, as the form's values. */
  readonly theirs: Values;
  readonly version: number;
  /** Heard before any save (the live updates), not refused by the server: say that nothing is saved yet. */
  readonly beforeSave?: boolean;
}

interface VersionsProps<Values extends FormikValues> {
  readonly versioned: VersionedRecord<Values>;
  /** The version the form's values were read at, and its setter (what the next save sends). */
  readonly version: number;
  readonly setVersion: (version: number) => void;
  readonly conflict: Conflict<Values> | null;
  readonly onConflict: (conflict: Conflict<Values> | null) => void;
  readonly save: (values: Values) => Promise<void>;
}

const valueText = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value);

/**
 * Keeps a versioned form honest about the record: when the record moves on (someone saved it) and
 * the user has not changed anything, the form shows the new values; with changes it says who
 * changed the record and offers to compare. A refused save (412) shows the conflict view.
 */
export function Versions<Values extends FormikValues>({
  versioned,
  version,
  setVersion,
  conflict,
  onConflict,
  save,
}: VersionsProps<Values>) {
  const { t } = useTranslation();
  const formik = useFormikContext<Values>();
  const { record, labels, formatValue, changedBy } = versioned;
  const toValues = useCallback((rec: { readonly version: number }) => versioned.toValues(rec), [versioned]);
  const recordVersion = record.version;
  const { dirty, resetForm, isSubmitting } = formik;

  // Nobody is editing: the form follows the record.
  useEffect(() => {
    if (recordVersion > version && !dirty && !conflict && !isSubmitting) {
      setVersion(recordVersion);
      resetForm({ values: toValues(record) });
    }
  }, [recordVersion, dirty, conflict, isSubmitting, record, toValues, resetForm, version, setVersion]);

  if (conflict) {
    const base = formik.initialValues;
    const mine = formik.values;
    const show = (field: keyof Values & string, value: unknown) => (formatValue ? formatValue(field, value) : valueText(value));
    const fields = (Object.keys(labels) as (keyof Values & string)[])
      .filter((name) => valueText(conflict.theirs[name]) !== valueText(base[name]) || valueText(mine[name]) !== valueText(base[name]))
      .map((name) => ({
        name,
        label: labels[name] ?? name,
        base: show(name, base[name]),
        theirs: show(name, conflict.theirs[name]),
        mine: show(name, mine[name]),
      }));
    return (
      <Suspense fallback={null}>
        <ConflictView
          detail={conflict.detail}
          fields={fields}
          busy={formik.isSubmitting}
          explain={conflict.beforeSave}
          onTakeTheirs={() => {
            setVersion(conflict.version);
            onConflict(null);
            resetForm({ values: conflict.theirs });
          }}
          onKeepMine={() => {
            // The user's edits on top of the record as it is now: their other changes stay.
            const merged = { ...conflict.theirs };
            for (const name of Object.keys(mine) as (keyof Values)[]) {
              if (valueText(mine[name]) !== valueText(base[name])) merged[name] = mine[name];
            }
            setVersion(conflict.version);
            onConflict(null);
            resetForm({ values: conflict.theirs });
            void formik.setValues(merged, false).then(() => save(merged));
          }}
        />
      </Suspense>
    );
  }

  if (recordVersion > version && dirty) {
    return (
      <FormAlert tone="error">
        {changedBy ? t('ui.conflict.changedBy', { name: changedBy }) : t('ui.conflict.changedBySomeone')}{' '}
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            onConflict({
              detail: changedBy ? t('ui.conflict.changedBy', { name: changedBy }) : t('ui.conflict.changedBySomeone'),
              theirs: toValues(record),
              version: recordVersion,
              beforeSave: true,
            })
          }
        >
          {t('ui.conflict.review')}
        </Button>
      </FormAlert>
    );
  }
  return null;
}
