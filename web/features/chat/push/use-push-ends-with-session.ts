import { useEffect } from 'react';
import { forgetPush } from '../../../lib/push-client';
import { PUSH_SUBSCRIPTION_KEY } from '../../../lib/push-worker';
import { onSessionEnded } from '../../../lib/session-events';

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
