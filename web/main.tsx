import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { startStoredSession } from './features/auth/stored-user';
import { applyTheme, initialTheme } from './lib/theme';
import { createAppRouter } from './router';
import './styles.css';

applyTheme(initialTheme());
startStoredSession(location.hash);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={createAppRouter()} />
  </StrictMode>,
);
