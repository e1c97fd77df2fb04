import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { SignUpForm } from '@/features/auth/sign-up';
import { FormAlert, FormCard } from '@/shared/ui';

export function SignUpPage() {
  const { t } = useTranslation();
  const [signedUpAs, setSignedUpAs] = useState<string | null>(null);

  return (
    <FormCard
      title={t('auth.signup.title')}
      intro={signedUpAs ? null : <p>{t('auth.signup.intro')}</p>}
      footer={<Link to="/auth/login">{t('auth.links.haveAccount')}</Link>}
    >
      {signedUpAs ? (
        <FormAlert tone="success">
          <strong>{t('auth.signup.doneTitle')}</strong> {t('auth.signup.doneText', { email: signedUpAs })}
        </FormAlert>
      ) : (
        <SignUpForm onSignedUp={setSignedUpAs} />
      )}
    </FormCard>
  );
}
