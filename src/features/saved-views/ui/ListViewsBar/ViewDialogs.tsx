import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  useCreateSavedViewMutation,
  useDeleteSavedViewMutation,
  usePatchSavedViewMutation,
  type SavedView,
  type SavedViewCreate,
} from '@/entities/saved-view';
import { apiCallError } from '@/shared/lib';
import { ApiForm, ConfirmDialog, Dialog, FormikCheckbox, FormikTextField, SubmitButton } from '@/shared/ui';

import type { ListViews } from '../../model/useListViews';
import { saveViewSchema, type SaveViewValues } from '../../model/schema';

import styles from './ListViewsBar.module.css';

export type ViewDialog =
  | { readonly kind: 'save' }
  | { readonly kind: 'rename'; readonly view: SavedView }
  | { readonly kind: 'delete'; readonly view: SavedView };

export interface ViewDialogsProps {
  readonly views: ListViews;
  readonly dialog: ViewDialog | null;
  readonly onClose: () => void;
}

/** Saving the list as a new view, renaming a view and deleting one: loaded when first asked for. */
export function ViewDialogs({ views, dialog, onClose }: ViewDialogsProps) {
  const { t } = useTranslation();
  const [create] = useCreateSavedViewMutation();
  const [patch] = usePatchSavedViewMutation();
  const [remove] = useDeleteSavedViewMutation();
  const schema = useMemo(() => saveViewSchema(t), [t]);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const onOpenChange = (open: boolean) => {
    if (open) return;
    setDeleteError(null);
    onClose();
  };

  if (dialog?.kind === 'delete') {
    const { view } = dialog;
    return (
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title={t('savedViews.delete.title', { name: view.name })}
        description={view.shared ? t('savedViews.delete.sharedText') : t('savedViews.delete.text')}
        confirmLabel={t('savedViews.delete.confirm')}
        variant="danger"
        busy={busy}
        error={deleteError}
        onConfirm={() => {
          setBusy(true);
          void apiCallError(() => remove({ id: view.id, version: view.version })).then((error) => {
            setBusy(false);
            setDeleteError(error);
            if (error) return;
            if (views.openView?.id === view.id) views.close();
            onClose();
          });
        }}
      />
    );
  }

  const renaming = dialog?.kind === 'rename' ? dialog.view : undefined;
  const title = renaming ? t('savedViews.rename.title', { name: renaming.name }) : t('savedViews.save.title');
  return (
    <Dialog open={dialog !== null} onOpenChange={onOpenChange} title={title} size="md">
      <ApiForm<SaveViewValues, SavedView>
        initialValues={{ name: renaming?.name ?? '', shared: false, isDefault: false }}
        validationSchema={schema}
        label={title}
        className={styles.form}
        guardLeaving={false}
        fields={renaming ? ['name'] : ['name', 'shared', 'isDefault']}
        request={(values) =>
          renaming
            ? patch({ id: renaming.id, version: renaming.version, body: { name: values.name.trim() } })
            : create({
                list: views.list,
                name: values.name.trim(),
                query: views.query,
                columns: [...views.columns] as SavedViewCreate['columns'],
                density: views.density,
                shared: values.shared,
                isDefault: values.isDefault,
              })
        }
        onSuccess={(saved) => {
          if (!renaming) views.open(saved);
          onClose();
        }}
      >
        <FormikTextField name="name" label={t('savedViews.fields.name')} required autoComplete="off" />
        {renaming ? null : (
          <>
            <FormikCheckbox name="shared" label={t('savedViews.fields.shared')} />
            <FormikCheckbox name="isDefault" label={t('savedViews.fields.isDefault')} />
          </>
        )}
        <div className={styles.formActions}>
          <SubmitButton submitting={t('savedViews.save.saving')}>
            {renaming ? t('savedViews.rename.submit') : t('savedViews.save.submit')}
          </SubmitButton>
        </div>
      </ApiForm>
    </Dialog>
  );
}
