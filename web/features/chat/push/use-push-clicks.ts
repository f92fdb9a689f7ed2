import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { BASENAME } from '../../../lib/paths';

/** A push clicked while the app is open: the service worker focuses this tab and asks it to show the conversation. */
export function usePushClicks() {
  const navigate = useNavigate();
  useEffect(() => {
    const container = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
    if (!container) return;
    const opened = (event: MessageEvent) => {
      const data = event.data as { type?: string; url?: string } | null;
      if (data?.type !== 'studyhall:open' || !data.url) return;
      const url = new URL(data.url, location.href);
      if (url.origin !== location.origin || !url.pathname.startsWith(`${BASENAME}/`)) return;
      void navigate(url.pathname.slice(BASENAME.length) + url.search);
    };
    container.addEventListener('message', opened);
    return () => container.removeEventListener('message', opened);
  }, [navigate]);
}
