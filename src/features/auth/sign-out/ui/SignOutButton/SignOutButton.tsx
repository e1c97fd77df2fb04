import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useStore } from 'react-redux';

import { selectRefreshToken, signedOut } from '@/entities/session';
import { confirmLeave } from '@/shared/lib';
import { useAppDispatch } from '@/shared/model';
import { Button } from '@/shared/ui';

export function SignOutButton() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const store = useStore<RootState>();

  const signOut = async () => {
    // A form with changes asks first: signing out would lose them.
    if (!(await confirmLeave())) return;
    // Forms' kept drafts may hold personal data: none stays in this browser after signing out.
    void import('@/shared/lib/form').then(({ clearDrafts }) => clearDrafts());
    const refresh = selectRefreshToken(store.getState());
    // The store clears the api's cache on this action (app/store); the tokens are gone at once.
    dispatch(signedOut());
    void navigate('/auth/login');
    // Then the server revokes this session's refresh token, so a copy of it cannot renew the session.
    // The token api loads on demand: the top bar is part of the first page.
    if (refresh) {
      void import('@/entities/auth').then(({ authApi }) => dispatch(authApi.endpoints.signOut.initiate({ refresh })));
    }
  };

  return (
    <Button variant="secondary" size="sm" onClick={() => void signOut()}>
      {t('auth.signOut')}
    </Button>
  );
}
