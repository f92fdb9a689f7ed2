import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { appPathOf } from '../../lib/paths';

/**
 * Follows a url a payment call answered: one of our own pages (a result page, the simulated checkout or portal)
 * opens inside the app; anywhere else, such as Stripe's checkout, by a full page load.
 */
export function useOpenUrl() {
  const navigate = useNavigate();
  return useCallback(
    (url: string) => {
      const path = appPathOf(url);
      if (path) navigate(path);
      else window.location.assign(url);
    },
    [navigate],
  );
}
