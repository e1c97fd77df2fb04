import { BrowserRouter } from 'react-router';

import { AppRoutes } from './routes';

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
