import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { requestStoredUserEarly } from './features/auth/early-user';
import { applyTheme, initialTheme } from './lib/theme';
import { createAppRouter } from './router';
import './styles.css';

applyTheme(initialTheme());
requestStoredUserEarly(location.hash);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={createAppRouter()} />
  </StrictMode>,
);
