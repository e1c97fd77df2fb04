import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';

import { ResetPasswordForm } from '@/features/auth/reset-password';
import { FormAlert, FormCard } from '@/shared/ui';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [done, setDone] = useState(false);

  const body = (() => {
    if (done) {
      return (
        <FormAlert tone="success">
          {t('auth.reset.done')} <Link to="/auth/login">{t('auth.links.signInNow')}</Link>
        </FormAlert>
      );
    }
    if (!token) return <FormAlert>{t('auth.reset.missingToken')}</FormAlert>;
    return <ResetPasswordForm token={token} onReset={() => setDone(true)} />;
  })();

  return (
    <FormCard
      title={t('auth.reset.title')}
      intro={done || !token ? null : <p>{t('auth.reset.intro')}</p>}
      footer={
        <>
          <Link to="/auth/forgot-password">{t('auth.links.newLink')}</Link>
          <Link to="/auth/login">{t('auth.links.backToSignIn')}</Link>
        </>
      }
    >
      {body}
    </FormCard>
  );
}
