import { useFormikContext, type FormikValues } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { readDraft, removeDraft, writeDraft, type LocalDraft } from '../../lib/form/drafts';
import { useFormat } from '../../lib/format';
import { Button } from '../Button/Button';

import styles from './DraftKeeper.module.css';

/** How long typing pauses before the draft is written (a closed tab writes at once). */
const WRITE_DELAY_MS = 400;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface DraftKeeperProps {
  /** Where the draft lives (`draftKey(account, form)`). */
  readonly storageKey: string;
  /** The version the form's values are read at (null: a new record). */
  readonly version: number | null;
  /** A draft made over an older version was restored: the next save is made over that version (a 412 shows what changed). */
  readonly onRestore: (version: number) => void;
  /** The values last saved (JSON), which need no draft. */
  readonly saved: { readonly current: string | null };
}

/**
 * Keeps the form's unsaved values in this browser while it has changes, and offers a draft kept
 * from before (a reload, a closed tab) back when the form opens: Restore or Discard. Loaded only
 * by a form that keeps drafts (ApiForm's `localDraft`).
 */
export function DraftKeeper<Values extends FormikValues>({ storageKey, version, onRestore, saved }: DraftKeeperProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { values, dirty, isSubmitting, initialValues, setValues } = useFormikContext<Values>();
  const [offer, setOffer] = useState<LocalDraft<Values> | null>(() => {
    const draft = readDraft<Values>(storageKey);
    return draft && !same(draft.values, initialValues) ? draft : null;
  });

  // What a closed tab writes at once, without waiting for the pause.
  const pending = useRef<LocalDraft<Values> | null>(null);
  useEffect(() => {
    pending.current = null;
    if (offer || isSubmitting) return undefined;
    if (!dirty || same(values, JSON.parse(saved.current ?? 'null'))) {
      removeDraft(storageKey);
      return undefined;
    }
    const draft = { values, version, savedAt: Date.now() };
    pending.current = draft;
    const timer = setTimeout(() => {
      writeDraft(storageKey, draft);
      pending.current = null;
    }, WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values, dirty, isSubmitting, offer, storageKey, version, saved]);
  const offered = useRef(offer !== null);
  useEffect(() => {
    offered.current = offer !== null;
  }, [offer]);
  useEffect(() => {
    const flush = () => {
      if (pending.current) writeDraft(storageKey, pending.current);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      // Leaving the form inside the app (after its leave question) gives its changes up; a reload
      // or a closed tab never gets here, so their draft stays. A draft still on offer stays too.
      if (!offered.current) removeDraft(storageKey);
    };
  }, [storageKey]);

  if (!offer) return null;
  return (
    <div role="status" className={styles.offer}>
      <p className={styles.text}>{t('ui.draft.offer', { time: format.dateTime(new Date(offer.savedAt).toISOString()) })}</p>
      <div className={styles.buttons}>
        <Button
          size="sm"
          onClick={() => {
            setOffer(null);
            if (offer.version !== null && offer.version !== version) onRestore(offer.version);
            void setValues(offer.values, true);
          }}
        >
          {t('ui.draft.restore')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            removeDraft(storageKey);
            setOffer(null);
          }}
        >
          {t('ui.draft.discard')}
        </Button>
      </div>
    </div>
  );
}
