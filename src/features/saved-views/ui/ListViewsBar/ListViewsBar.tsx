import { DENSITIES, type Density } from '@timberlog/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { usePatchSavedViewMutation, type SavedView, type SavedViewPatch } from '@/entities/saved-view';
import { apiCallError } from '@/shared/lib';
import { Button } from '@/shared/ui';

import type { ListViews } from '../../model/useListViews';

import type { ViewDialog } from './ViewDialogs';
import styles from './ListViewsBar.module.css';

// The menu, the column chooser and the dialogs are loaded when first used: a list page does not pay for them.
const loadMenu = () => import('./ViewsMenu');
const ViewsMenu = lazy(() => loadMenu().then((module) => ({ default: module.ViewsMenu })));
const loadChooser = () => import('./ColumnChooser');
const ColumnChooser = lazy(() => loadChooser().then((module) => ({ default: module.ColumnChooser })));
const ViewDialogs = lazy(() => import('./ViewDialogs').then((module) => ({ default: module.ViewDialogs })));

export interface ListViewsBarProps {
  /** From `useListViews`. */
  readonly views: ListViews;
  /** A column's header, translated, for the column chooser. */
  readonly columnLabel: (id: string) => string;
}

/**
 * Above a list: its saved views (a menu), what of the open view the page no longer shows as saved
 * (with "Save changes"), the column chooser and the row density.
 */
export function ListViewsBar({ views, columnLabel }: ListViewsBarProps) {
  const { t } = useTranslation();
  const [menuWanted, setMenuWanted] = useState(false);
  const [chooserWanted, setChooserWanted] = useState(false);
  const [dialog, setDialog] = useState<ViewDialog | null>(null);
  const [dialogsWanted, setDialogsWanted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [patch] = usePatchSavedViewMutation();
  const { openView, changes } = views;
  const label = openView ? openView.name : t('savedViews.menu.title');

  const openDialog = (next: ViewDialog) => {
    setDialogsWanted(true);
    setDialog(next);
  };
  const run = (request: Parameters<typeof apiCallError>[0]) => {
    setBusy(true);
    setError(null);
    void apiCallError(request).then((failure) => {
      setBusy(false);
      setError(failure);
    });
  };
  const saveChanges = (view: SavedView) =>
    run(() =>
      patch({
        id: view.id,
        version: view.version,
        body: { query: views.query, columns: [...views.columns] as SavedViewPatch['columns'], density: views.density },
      }),
    );
  const changeDefault = (view: SavedView, isDefault: boolean) =>
    run(() => patch({ id: view.id, version: view.version, body: { isDefault } }));

  const standIn = (text: string, onActivate: () => void, preload: () => unknown, popup: 'menu' | 'dialog', loading = false) => (
    <button
      type="button"
      className={styles.trigger}
      aria-haspopup={popup}
      aria-expanded={false}
      aria-busy={loading || undefined}
      onPointerEnter={() => void preload()}
      onFocus={() => void preload()}
      onClick={onActivate}
    >
      <span className={styles.triggerText}>{text}</span>
      <span aria-hidden="true">▾</span>
    </button>
  );

  return (
    <div className={styles.bar}>
      <div className={styles.views}>
        <span className={styles.barLabel}>{t('savedViews.menu.label')}</span>
        {menuWanted ? (
          <Suspense fallback={standIn(label, () => undefined, loadMenu, 'menu', true)}>
            <ViewsMenu views={views} label={label} onDialog={openDialog} onDefaultChange={changeDefault} defaultOpen />
          </Suspense>
        ) : (
          standIn(label, () => setMenuWanted(true), loadMenu, 'menu')
        )}
        {openView && changes.length > 0 ? (
          <p className={styles.changed} role="status">
            <span>{t('savedViews.changed.text', { name: openView.name })}</span>
            {openView.own ? (
              <Button size="sm" variant="secondary" disabled={busy} aria-busy={busy || undefined} onClick={() => saveChanges(openView)}>
                {busy ? t('savedViews.changed.saving') : t('savedViews.changed.save')}
              </Button>
            ) : null}
            <Button size="sm" variant="minimal" onClick={() => openDialog({ kind: 'save' })}>
              {t('savedViews.changed.saveAs')}
            </Button>
            <Button size="sm" variant="minimal" onClick={views.revert}>
              {t('savedViews.changed.revert')}
            </Button>
          </p>
        ) : null}
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className={styles.layout}>
        <div className={styles.density} role="radiogroup" aria-label={t('savedViews.density.label')}>
          {DENSITIES.map((density: Density) => (
            <button
              key={density}
              type="button"
              role="radio"
              aria-checked={views.density === density}
              className={styles.densityButton}
              onClick={() => views.setDensity(density)}
            >
              {t(`savedViews.density.${density}`)}
            </button>
          ))}
        </div>
        {chooserWanted ? (
          <Suspense fallback={standIn(t('savedViews.columns.button'), () => undefined, loadChooser, 'dialog', true)}>
            <ColumnChooser views={views} columnLabel={columnLabel} defaultOpen />
          </Suspense>
        ) : (
          standIn(t('savedViews.columns.button'), () => setChooserWanted(true), loadChooser, 'dialog')
        )}
      </div>
      {dialogsWanted ? (
        <Suspense fallback={null}>
          <ViewDialogs views={views} dialog={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
