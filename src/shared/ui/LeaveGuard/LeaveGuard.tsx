import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { registerLeaveQuestion } from '../../lib/leaveGuard';
import { ConfirmDialog } from '../Dialog/Dialog';

import { useNavigationBlock } from './useNavigationBlock';

export interface LeaveGuardProps {
  /** The form has changes that leaving would lose. */
  readonly when: boolean;
  /** What would be lost ("Your changes to this waybill will be lost."); a general sentence otherwise. */
  readonly text?: string;
}

/**
 * While `when`, every way out of the page asks first: an in-app link, Back or Forward
 * (`useNavigationBlock`), a reload or closing the tab (the browser's own question), and the ways out
 * that are not route changes (language, sign-out, a form's Cancel), which ask through `confirmLeave`.
 * Once the user agreed, nothing asks again on the way out.
 */
export function LeaveGuard({ when, text }: LeaveGuardProps) {
  const { t } = useTranslation();
  // The user agreed to leave: the navigation or reload that follows must not ask again.
  const agreed = useRef(false);
  const [question, setQuestion] = useState<((leave: boolean) => void) | null>(null);

  useEffect(() => {
    if (!when) agreed.current = false;
  }, [when]);

  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        setQuestion(() => (leave: boolean) => {
          if (leave) agreed.current = true;
          setQuestion(null);
          resolve(leave);
        });
      }),
    [],
  );
  useNavigationBlock(when, () => (agreed.current ? Promise.resolve(true) : ask()));

  useEffect(() => {
    if (!when) return undefined;
    const unregister = registerLeaveQuestion(() => (agreed.current ? Promise.resolve(true) : ask()));
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (agreed.current) return;
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      unregister();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [when, ask]);

  const answer = (leave: boolean) => question?.(leave);

  return (
    <ConfirmDialog
      open={question !== null}
      onOpenChange={(open) => {
        if (!open) answer(false);
      }}
      title={t('leaveGuard.title')}
      description={text ?? t('leaveGuard.text')}
      confirmLabel={t('leaveGuard.leave')}
      cancelLabel={t('leaveGuard.stay')}
      variant="danger"
      onConfirm={() => answer(true)}
    />
  );
}
