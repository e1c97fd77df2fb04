import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { ForgotPasswordForm } from '@/features/auth/forgot-password';
import { FormAlert, FormCard } from '@/shared/ui';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);

  return (
    <FormCard
      title={t('auth.forgot.title')}
      intro={sent ? null : <p>{t('auth.forgot.intro')}</p>}
      footer={<Link to="/auth/login">{t('auth.links.backToSignIn')}</Link>}
    >
      {/* The same text whether or not the address has an account: the screen never tells which exist. */}
      {sent ? <FormAlert tone="success">{t('auth.forgot.sent')}</FormAlert> : <ForgotPasswordForm onSent={() => setSent(true)} />}
    </FormCard>
  );
}
