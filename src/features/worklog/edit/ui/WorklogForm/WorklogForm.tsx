import { LIMITS, WORKLOG_ACTIONS } from '@timberlog/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCreateWorklogMutation, useUpdateWorklogMutation, type Worklog } from '@/entities/worklog';
import { useValueLabels } from '@/shared/i18n';
import { confirmLeave } from '@/shared/lib';
import { draftKey } from '@/shared/lib/form';
import { useCurrentUser } from '@/entities/user';
import { ApiForm, Button, FormikTextArea, FormikTextField, SubmitButton } from '@/shared/ui';

import { worklogSchema } from '../../model/schema';
import { emptyWorklogValues, valuesToBody, WORKLOG_FORM_FIELDS, worklogToValues, type WorklogFormValues } from '../../model/values';

import { AssortmentField, WarehouseField } from './PickerFields';
import { SelectField } from './SelectField';
import styles from './WorklogForm.module.css';

export interface WorklogFormProps {
  /** The worklog to edit; without it the form creates one. */
  readonly worklog?: Worklog;
  readonly onSaved: (worklog: Worklog) => void;
  /** The user leaves without saving (asked first when something changed). */
  readonly onCancel: () => void;
  /** Who changed the worklog last, when the app heard it live: named if it changes while the user edits. */
  readonly changedBy?: string | null;
}

/** Creates or edits a worklog with the server's rules; a failed save keeps every value typed. */
export function WorklogForm({ worklog, onSaved, onCancel, changedBy }: WorklogFormProps) {
  const { t } = useTranslation();
  const valueLabels = useValueLabels();
  const isNew = worklog === undefined;
  const [createWorklog] = useCreateWorklogMutation();
  const [updateWorklog] = useUpdateWorklogMutation();
  const schema = useMemo(() => worklogSchema(t), [t]);
  // The values the form starts from; a later copy of the worklog (someone saved it) goes through `versioned`.
  // Unsaved work is kept in this browser per account and record, offered back after a reload.
  const account = useCurrentUser(true)?.email;
  const [initialValues] = useState(() => (worklog ? worklogToValues(worklog) : emptyWorklogValues()));
  const labels = useMemo(() => Object.fromEntries(WORKLOG_FORM_FIELDS.map((field) => [field, t(`worklogs.fields.${field}`)])), [t]);

  return (
    <ApiForm<WorklogFormValues, Worklog>
      initialValues={initialValues}
      validationSchema={schema}
      label={t('worklogs.form.label')}
      leaveText={t('worklogs.form.leaveText')}
      className={styles.form}
      fields={WORKLOG_FORM_FIELDS}
      focusFirstField
      localDraft={account === undefined ? undefined : draftKey(account, worklog ? `worklog:${worklog.number}` : 'worklog:new')}
      versioned={worklog ? { record: worklog, toValues: worklogToValues, labels, changedBy } : undefined}
      request={(values, version) =>
        worklog ? updateWorklog({ number: worklog.number, version, body: valuesToBody(values) }) : createWorklog(valuesToBody(values))
      }
      onSuccess={(saved, _values, form) => {
        form.resetForm({ values: worklogToValues(saved) });
        onSaved(saved);
      }}
    >
      {() => (
        <>
          <div className={styles.grid}>
            <FormikTextField
              label={t('worklogs.fields.timestamp')}
              name="timestamp"
              type="datetime-local"
              required
              hint={t('worklogs.form.timestampHint')}
            />
            <SelectField label={t('worklogs.fields.action')} name="action" required>
              <option value="">{t('worklogs.form.choose')}</option>
              {WORKLOG_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {valueLabels.worklogAction(action)}
                </option>
              ))}
            </SelectField>
            <WarehouseField />
            <FormikTextField
              label={t('worklogs.fields.workerName')}
              name="workerName"
              required
              hint={t('worklogs.form.workerHint')}
              maxLength={LIMITS.nameMaxLength}
              autoComplete="off"
            />
            <AssortmentField />
            <FormikTextField label={t('worklogs.fields.quantity')} name="quantity" inputMode="decimal" autoComplete="off" />
            <FormikTextField
              label={t('worklogs.fields.waybill')}
              name="waybill"
              hint={t('worklogs.form.waybillHint')}
              maxLength={LIMITS.documentNumberMaxLength}
              autoComplete="off"
            />
            <FormikTextField
              label={t('worklogs.fields.durationMinutes')}
              name="durationMinutes"
              inputMode="numeric"
              required
              hint={t('worklogs.form.durationHint', { min: LIMITS.durationMinutesMin, max: LIMITS.durationMinutesMax })}
              autoComplete="off"
            />
            <FormikTextArea label={t('worklogs.fields.notes')} name="notes" className={styles.wide} maxLength={LIMITS.notesMaxLength} />
          </div>
          <div className={styles.buttons}>
            <SubmitButton submitting={t('worklogs.form.saving')}>
              {isNew ? t('worklogs.form.create') : t('worklogs.form.save')}
            </SubmitButton>
            {/* With changes, the form's leave guard asks first (the same question as a link or Back). */}
            <Button variant="secondary" onClick={() => void confirmLeave().then((leave) => leave && onCancel())}>
              {t('worklogs.form.cancel')}
            </Button>
          </div>
        </>
      )}
    </ApiForm>
  );
}
