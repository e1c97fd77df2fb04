import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import { signedOut } from '@/entities/session';
import { useAppDispatch } from '@/shared/model';
import { Button } from '@/shared/ui';

export function SignOutButton() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const signOut = () => {
    // The store clears the api's cache on this action (app/store).
    dispatch(signedOut());
    void navigate('/auth/login');
  };

  return (
    <Button variant="secondary" size="sm" onClick={signOut}>
      {t('auth.signOut')}
    </Button>
  );
}
