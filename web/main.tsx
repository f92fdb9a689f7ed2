import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { unregisterOldWorkers } from './lib/push-worker';
import { applyTheme, initialTheme } from './lib/theme';
import { createAppRouter } from './router';
import './styles.css';

applyTheme(initialTheme());
void unregisterOldWorkers()?.catch(console.warn);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={createAppRouter()} />
  </StrictMode>,
);
