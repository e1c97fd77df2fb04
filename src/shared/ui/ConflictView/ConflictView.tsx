import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '../Button/Button';

import styles from './ConflictView.module.css';

/** One field someone else or the user changed: its value as it was read, theirs now, and the user's. */
export interface ConflictField {
  readonly name: string;
  readonly label: string;
  readonly base: string;
  readonly theirs: string;
  readonly mine: string;
}

export interface ConflictViewProps {
  /** What happened, in the server's words when it said ("Changed by Mari Mets at 14:02."). */
  readonly detail: string;
  readonly fields: readonly ConflictField[];
  /** Drops the user's edits and shows the record as it is now. */
  readonly onTakeTheirs: () => void;
  /** Saves the user's edits over theirs (their other changes stay). */
  readonly onKeepMine: () => void;
  /** A save is under way. */
  readonly busy?: boolean;
  /** Adds that nothing is saved yet (the server's 412 message says so itself). */
  readonly explain?: boolean;
}

const shown = (value: string) => (value.trim() === '' ? '—' : value);

/**
 * A save refused because someone changed the record meanwhile: the fields each side changed, theirs
 * beside the user's, and two ways out. Nothing the user typed is lost: "Keep mine" saves the user's
 * edits on top of the other person's changes.
 */
export function ConflictView({ detail, fields, onTakeTheirs, onKeepMine, busy = false, explain = false }: ConflictViewProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // Where the user's eyes and keyboard should go: the explanation.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section className={styles.conflict} aria-labelledby="conflict-title" role="alert">
      <h2 id="conflict-title" ref={heading} tabIndex={-1} className={styles.title}>
        {t('ui.conflict.title')}
      </h2>
      <p className={styles.detail}>
        {detail}
        {explain ? ` ${t('ui.conflict.explain')}` : null}
      </p>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <caption className={styles.caption}>{t('ui.conflict.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('ui.conflict.field')}</th>
              <th scope="col">{t('ui.conflict.theirs')}</th>
              <th scope="col">{t('ui.conflict.mine')}</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => {
              const theirsChanged = field.theirs !== field.base;
              const mineChanged = field.mine !== field.base;
              const clash = theirsChanged && mineChanged && field.theirs !== field.mine;
              return (
                <tr key={field.name} className={clash ? styles.clash : undefined}>
                  <th scope="row">
                    {field.label}
                    {clash ? <span className={styles.tag}>{t('ui.conflict.both')}</span> : null}
                  </th>
                  <td className={theirsChanged ? styles.changed : styles.same}>
                    {shown(field.theirs)}
                    {theirsChanged ? <span className={styles.was}>{t('ui.conflict.was', { value: shown(field.base) })}</span> : null}
                  </td>
                  <td className={mineChanged ? styles.changed : styles.same}>
                    {mineChanged ? shown(field.mine) : <span className={styles.untouched}>{t('ui.conflict.untouched')}</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className={styles.buttons}>
        <Button onClick={onKeepMine} disabled={busy} aria-busy={busy || undefined}>
          {t('ui.conflict.keepMine')}
        </Button>
        <Button variant="secondary" onClick={onTakeTheirs} disabled={busy}>
          {t('ui.conflict.takeTheirs')}
        </Button>
      </div>
    </section>
  );
}
