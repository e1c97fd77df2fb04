import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import type { SavedView } from '@/entities/saved-view';

import { sortViews, viewSearch } from '../../lib/views';
import type { ListViews } from '../../model/useListViews';

import type { ViewDialog } from './ViewDialogs';
import styles from './ListViewsBar.module.css';

export interface ViewsMenuProps {
  readonly views: ListViews;
  /** The trigger's text (the open view's name, or "Views"). */
  readonly label: string;
  readonly onDialog: (dialog: ViewDialog) => void;
  readonly onDefaultChange: (view: SavedView, isDefault: boolean) => void;
  /** Opens the menu as it mounts: the bar mounts it when its stand-in button was activated. */
  readonly defaultOpen?: boolean;
}

/**
 * The list's saved views (the caller's own, then those others share) as links that open them, and
 * what can be done with the open one. Loaded when first used.
 */
export function ViewsMenu({ views, label, onDialog, onDefaultChange, defaultOpen = false }: ViewsMenuProps) {
  const { t, i18n } = useTranslation();
  const { own, shared } = sortViews(views.views ?? [], i18n.language);
  const open = views.openView;

  const item = (view: SavedView) => (
    <DropdownMenu.Item key={view.id} asChild className={styles.menuItem}>
      <Link to={{ search: `?${viewSearch(view)}` }} aria-current={open?.id === view.id ? 'true' : undefined}>
        <span className={styles.check} aria-hidden="true">
          {open?.id === view.id ? '✓' : ''}
        </span>
        <span className={styles.viewName}>{view.name}</span>
        {view.own && view.isDefault ? <span className={styles.tag}>{t('savedViews.menu.default')}</span> : null}
        {view.own && view.shared ? <span className={styles.tag}>{t('savedViews.menu.sharedTag')}</span> : null}
        {view.own ? null : <span className={styles.owner}>{view.owner.name || view.owner.email || t('history.colleague')}</span>}
      </Link>
    </DropdownMenu.Item>
  );

  let body;
  if (views.error && !views.views) {
    body = (
      <>
        {/* A menu holds only its items and plain text: the item below says what to do about it. */}
        <p className={styles.menuText}>{t('savedViews.menu.loadFailed')}</p>
        <DropdownMenu.Item
          className={styles.menuItem}
          onSelect={(event) => {
            event.preventDefault();
            views.refetch();
          }}
        >
          {t('savedViews.menu.retry')}
        </DropdownMenu.Item>
      </>
    );
  } else if (!views.views) {
    body = <p className={styles.menuText}>{t('savedViews.menu.loading')}</p>;
  } else if (own.length === 0 && shared.length === 0) {
    body = <p className={styles.menuText}>{t('savedViews.menu.empty')}</p>;
  } else {
    body = (
      <>
        {own.length > 0 ? (
          <DropdownMenu.Group>
            <DropdownMenu.Label className={styles.menuLabel}>{t('savedViews.menu.own')}</DropdownMenu.Label>
            {own.map(item)}
          </DropdownMenu.Group>
        ) : null}
        {shared.length > 0 ? (
          <DropdownMenu.Group>
            <DropdownMenu.Label className={styles.menuLabel}>{t('savedViews.menu.shared')}</DropdownMenu.Label>
            {shared.map(item)}
          </DropdownMenu.Group>
        ) : null}
      </>
    );
  }

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={styles.trigger}>
        <span className={styles.triggerText}>{label}</span>
        <span aria-hidden="true">▾</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="start" sideOffset={4}>
          {body}
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item className={styles.menuItem} onSelect={() => onDialog({ kind: 'save' })}>
            {t('savedViews.menu.save')}
          </DropdownMenu.Item>
          {open?.own ? (
            <>
              <DropdownMenu.Item className={styles.menuItem} onSelect={() => onDialog({ kind: 'rename', view: open })}>
                {t('savedViews.menu.rename')}
              </DropdownMenu.Item>
              <DropdownMenu.Item className={styles.menuItem} onSelect={() => onDefaultChange(open, !open.isDefault)}>
                {open.isDefault ? t('savedViews.menu.unsetDefault') : t('savedViews.menu.setDefault')}
              </DropdownMenu.Item>
              <DropdownMenu.Item
                className={`${styles.menuItem} ${styles.danger}`}
                onSelect={() => onDialog({ kind: 'delete', view: open })}
              >
                {t('savedViews.menu.delete')}
              </DropdownMenu.Item>
            </>
          ) : null}
          {open ? (
            <DropdownMenu.Item className={styles.menuItem} onSelect={views.close}>
              {t('savedViews.menu.close')}
            </DropdownMenu.Item>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
