import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useActivateUserMutation, type User } from '@/entities/user';
import { extractApiError, isApiError } from '@/shared/api';
import { Badge, Button } from '@/shared/ui';

import styles from './ActivateUserButton.module.css';

export interface ActivateUserButtonProps {
  /** An inactive account whose address is confirmed. */
  readonly user: User;
}

/**
 * Activates a sign-up from its row, with the result in place: "Activated" once the server agreed,
 * or its refusal beside the button. The row stays where it is (the list is patched, not reloaded).
 */
export function ActivateUserButton({ user }: ActivateUserButtonProps) {
  const { t } = useTranslation();
  const [activate, { isLoading }] = useActivateUserMutation();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  if (done || user.isActive) {
    return (
      <span role="status">
        <Badge tone="success">{t('users.activate.done')}</Badge>
      </span>
    );
  }
  return (
    <span className={styles.cell}>
      <Button
        size="sm"
        variant="secondary"
        disabled={isLoading}
        aria-busy={isLoading || undefined}
        aria-label={t('users.activate.label', { email: user.email })}
        onClick={() => {
          setError(null);
          activate({ email: user.email, version: user.version })
            .unwrap()
            .then(
              () => setDone(true),
              (failure: unknown) => {
                // A refusal about the account's state comes as a field error (isActive): its words, not a generic text.
                const problem = isApiError(failure) ? failure : extractApiError(failure);
                const fieldWords = Object.values(problem.fieldErrors).join(' ');
                setError(problem.hasMessage || !fieldWords ? problem.message : fieldWords);
              },
            );
        }}
      >
        {t('users.activate.button')}
      </Button>
      {error ? (
        <span className={styles.error} role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
