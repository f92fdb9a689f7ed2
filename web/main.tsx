import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { registerServiceWorker } from './features/offline/service-worker';
import { unregisterOldWorkers } from './lib/push-worker';
import { applyTheme, initialTheme } from './lib/theme';
import { createAppRouter } from './router';
import './styles.css';

applyTheme(initialTheme());
// After the page has loaded, so precaching the app never competes with the first paint.
addEventListener('load', () => void Promise.resolve(unregisterOldWorkers()).catch(console.warn).then(() => registerServiceWorker()), { once: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={createAppRouter()} />
  </StrictMode>,
);
