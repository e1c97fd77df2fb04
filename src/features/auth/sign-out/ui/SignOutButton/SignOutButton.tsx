import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { signedOut } from '@/entities/session';
import { baseApi } from '@/shared/api';
import { useAppDispatch } from '@/shared/model';
import { Button } from '@/shared/ui';

export function SignOutButton() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const signOut = () => {
    dispatch(signedOut());
    // Nothing cached for the previous user may be shown to the next one.
    dispatch(baseApi.util.resetApiState());
    void navigate('/auth/login');
  };

  return (
    <Button variant="secondary" size="sm" onClick={signOut}>
      {t('auth.signOut')}
    </Button>
  );
}
