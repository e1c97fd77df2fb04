import { useField } from 'formik';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import {
  ApiForm,
  Dialog,
  FormikCheckbox,
  FormikTextArea,
  FormikTextField,
  SubmitButton,
  useShownError,
  type VersionedRecord,
} from '@/shared/ui';

import { useAdminCreateMutation, useAdminUpdateMutation } from '../../api/adminApi';
import type { AnyResourceDescription, FieldSpec } from '../../model/describe';
import { asText, resourceSchema, toBody, toFormValues, type FormValues } from '../../model/schema';

import styles from './AdminResource.module.css';

/**
 * The record's key while editing: shown as text, not as a field (it cannot change), so it does
 * not look editable and focus goes to the first field that is.
 */
function FixedField({ name, label }: { readonly name: string; readonly label: string }) {
  const { t } = useTranslation();
  const [input] = useField<string>(name);
  return (
    <div className={styles.field}>
      <span className={styles.label}>{label}</span>
      <p className={styles.fixed}>{String(input.value ?? '')}</p>
      <p className={styles.hint}>{t('admin.form.keyFixed')}</p>
    </div>
  );
}

function EnumField({ field, label }: { readonly field: FieldSpec<Record<string, unknown>>; readonly label: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [input, meta] = useField<string>(field.name);
  const error = useShownError(input.value, meta);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        {...input}
        className={styles.select}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{t('ui.select.any')}</option>
        {(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {t(`admin.options.${field.name}.${option}`)}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface ResourceFormDialogProps {
  readonly description: AnyResourceDescription;
  /** The record being edited; none for a new one. */
  readonly item?: Record<string, unknown> | undefined;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly onSaved: (item: Record<string, unknown>) => void;
}

/**
 * Create or edit a record of any resource from its description; server errors land on their
 * fields, nothing typed is lost, and an edit someone else saved first opens the conflict view.
 */
export function ResourceFormDialog({ description, item, open, onOpenChange, onSaved }: ResourceFormDialogProps) {
  const { t } = useTranslation();
  const editing = item !== undefined;
  const [create] = useAdminCreateMutation();
  const [update] = useAdminUpdateMutation();
  const schema = useMemo(() => resourceSchema(description, t, editing), [description, t, editing]);
  const label = (name: string) => t(`${description.i18n}.fields.${name}`);
  // Editing: every save sends the version the form was read at, and a refusal (412) opens the
  // conflict view (theirs beside mine) instead of a bare error.
  const versioned = useMemo<VersionedRecord<FormValues> | undefined>(() => {
    if (!editing) return undefined;
    const labels = Object.fromEntries(
      description.fields.filter((field) => !field.keyOnly).map((field) => [field.name, t(`${description.i18n}.fields.${field.name}`)]),
    );
    const kinds = new Map(description.fields.map((field) => [field.name, field.kind]));
    return {
      record: { ...item, version: Number(item.version) },
      toValues: (record) => toFormValues(description, record),
      labels,
      // Choices and yes/no in the reader's words, as the list shows them.
      formatValue: (field, value) => {
        const kind = kinds.get(field);
        if (kind === 'boolean') return value === true ? t('list.yes') : t('list.no');
        if (kind === 'enum' && typeof value === 'string' && value !== '') return t(`admin.options.${field}.${value}`);
        return asText(value);
      },
    };
  }, [editing, item, description, t]);
  const title = editing
    ? t('admin.form.editTitle', { name: t(`${description.i18n}.singular`), key: String(item[description.keyField]) })
    : t('admin.form.newTitle', { name: t(`${description.i18n}.singular`) });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} size="md">
      <ApiForm<FormValues, Record<string, unknown>>
        initialValues={toFormValues(description, item)}
        validationSchema={schema}
        label={title}
        className={styles.form}
        fields={description.fields.map((field) => field.name)}
        versioned={versioned}
        request={(values, version) =>
          editing
            ? update({
                resource: description.resource,
                key: String(item[description.keyField]),
                version,
                body: toBody(description, values, true),
              })
            : create({ resource: description.resource, body: toBody(description, values, false) })
        }
        onSuccess={(saved) => onSaved(saved)}
      >
        {description.fields.map((field) => {
          if (editing && field.keyOnly) return <FixedField key={field.name} name={field.name} label={label(field.name)} />;
          if (field.kind === 'boolean') return <FormikCheckbox key={field.name} name={field.name} label={label(field.name)} />;
          if (field.kind === 'enum') return <EnumField key={field.name} field={field} label={label(field.name)} />;
          if (field.kind === 'textarea') return <FormikTextArea key={field.name} name={field.name} label={label(field.name)} />;
          return (
            <FormikTextField
              key={field.name}
              name={field.name}
              label={label(field.name)}
              required={field.required}
              inputMode={
                field.kind === 'integer' ? 'numeric' : field.kind === 'decimal' || field.kind === 'nullableNumber' ? 'decimal' : undefined
              }
              autoComplete="off"
            />
          );
        })}
        <div className={styles.formActions}>
          <SubmitButton submitting={t('admin.form.saving')}>{editing ? t('admin.form.save') : t('admin.form.create')}</SubmitButton>
        </div>
      </ApiForm>
    </Dialog>
  );
}
