import { useEffect } from 'react';
import { PUSH_SUBSCRIPTION_KEY } from '../../../lib/push-worker';
import { onSessionEnded } from '../../../lib/session-events';
import { forgetPush } from './push-client';

/** A session that ends by a 401 (expired, revoked elsewhere) stops this browser's push, as signing out does. */
export function usePushEndsWithSession() {
  useEffect(
    () =>
      onSessionEnded(() => {
        if (localStorage.getItem(PUSH_SUBSCRIPTION_KEY)) void forgetPush();
      }),
    [],
  );
}
