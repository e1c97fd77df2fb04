import { boolean, object, string, type AnySchema } from 'yup';

import type { AnyResourceDescription, FieldSpec } from './describe';

type Translate = (key: string, options?: Record<string, unknown>) => string;
export type FormValues = Record<string, string | boolean>;

/** The server's rules for a resource's form, from its description: required, lengths, the contract's patterns. */
export const resourceSchema = (description: AnyResourceDescription, t: Translate, editing: boolean) =>
  object(
    Object.fromEntries(
      description.fields
        .filter((field) => !(editing && field.keyOnly))
        .map((field): [string, AnySchema] => {
          if (field.kind === 'boolean') return [field.name, boolean()];
          let rule = string().trim();
          if (field.required) rule = rule.required(t('admin.validation.required'));
          if (field.maxLength !== undefined) rule = rule.max(field.maxLength, t('admin.validation.tooLong', { limit: field.maxLength }));
          if (field.kind === 'integer')
            rule = rule.matches(/^[1-9][0-9]*$/, { message: t('admin.validation.integer'), excludeEmptyString: true });
          if (field.pattern)
            rule = rule.matches(new RegExp(field.pattern.source), { message: t(field.pattern.messageKey), excludeEmptyString: true });
          if (field.kind === 'nullableNumber') {
            const { min = -Infinity, max = Infinity } = field;
            rule = rule.test('number', t('admin.validation.numberRange', { min, max }), (value) => {
              if (!value) return true;
              const number = Number(value.replace(',', '.'));
              return /^\d+([.,]\d+)?$/.test(value) && number >= min && number <= max;
            });
          }
          return [field.name, rule];
        }),
    ),
  );

/** A record's value as the form edits it: the API's fields are strings, numbers, booleans or null. */
export const asText = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

const initial = (field: FieldSpec<Record<string, unknown>>, value: unknown): string | boolean =>
  // A new assortment is active unless unticked, as the server defaults it.
  field.kind === 'boolean' ? value === true || (value === undefined && field.name === 'isActive') : asText(value);

/** Form values of a record (or empty ones for a new record). */
export const toFormValues = (description: AnyResourceDescription, item?: Record<string, unknown>): FormValues =>
  Object.fromEntries(description.fields.map((field) => [field.name, initial(field, item?.[field.name])]));

/** The JSON body: numbers as numbers, empty optional text as null where the API takes null; the key only on create. */
export const toBody = (description: AnyResourceDescription, values: FormValues, editing: boolean): Record<string, unknown> =>
  Object.fromEntries(
    description.fields
      .filter((field) => !(editing && field.keyOnly))
      .map((field): [string, unknown] => {
        const value = values[field.name];
        if (field.kind === 'boolean') return [field.name, value === true];
        const text = asText(value).trim();
        if (field.kind === 'integer') return [field.name, text === '' ? null : Number(text)];
        if (field.kind === 'nullableText') return [field.name, text === '' ? null : text];
        if (field.kind === 'nullableNumber') return [field.name, text === '' ? null : Number(text.replace(',', '.'))];
        return [field.name, text];
      }),
  );
