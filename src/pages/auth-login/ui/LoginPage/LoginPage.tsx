import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, type Location } from 'react-router-dom';

import { SignInForm } from '@/features/auth/sign-in';
import { selectIsAuthenticated } from '@/entities/session';
import { useAppSelector } from '@/shared/model';
import { FormAlert, FormCard } from '@/shared/ui';

/** Where the visitor was going before the sign-in page (set by the route guard), else home. */
const destinationOf = (location: Location): string => {
  const from = (location.state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname.startsWith('/auth/')) return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
};

/** The answer of the mailed address confirmation link, which lands here with `emailVerified=1` or `0`. */
const confirmationOf = (search: string): 'confirmed' | 'refused' | null => {
  const value = new URLSearchParams(search).get('emailVerified');
  return value === '1' ? 'confirmed' : value === '0' ? 'refused' : null;
};

export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const destination = destinationOf(location);
  const confirmation = confirmationOf(location.search);

  if (isAuthenticated) return <Navigate to={destination} replace />;

  return (
    <FormCard
      title={t('pages.login.title')}
      intro={
        <>
          {confirmation === 'confirmed' ? <FormAlert tone="success">{t('auth.login.emailVerified')}</FormAlert> : null}
          {confirmation === 'refused' ? <FormAlert>{t('auth.login.emailNotVerified')}</FormAlert> : null}
          <p>{t('auth.login.intro')}</p>
        </>
      }
      footer={
        <>
          <Link to="/auth/forgot-password">{t('auth.links.forgotPassword')}</Link>
          <Link to="/auth/signup">{t('auth.links.signUp')}</Link>
        </>
      }
    >
      <SignInForm onSignedIn={() => void navigate(destination, { replace: true })} />
    </FormCard>
  );
}
