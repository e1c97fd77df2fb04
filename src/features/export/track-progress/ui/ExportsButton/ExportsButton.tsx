import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import styles from './ExportsButton.module.css';

// The dialog and the list are loaded when first opened: no page pays for them before.
const ExportsPanel = lazy(() => import('./ExportsPanel').then((module) => ({ default: module.ExportsPanel })));

export interface ExportsButtonProps {
  /** Shown as text beside the icon (the phone menu), not only as the button's name. */
  readonly withLabel?: boolean;
  readonly className?: string;
}

/** Opens the user's latest exports (My latest exports) from the top bar. */
export function ExportsButton({ withLabel = false, className }: ExportsButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const label = t('nav.myExports');
  return (
    <>
      <button
        type="button"
        className={className ?? styles.button}
        aria-label={withLabel ? undefined : label}
        title={withLabel ? undefined : label}
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 4v11M7 10l5 5 5-5M4 19h16" />
        </svg>
        {withLabel ? <span>{label}</span> : null}
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <ExportsPanel open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
