import { useAtomValue } from 'jotai';
import { FALLBACK_TIME_ZONE } from '../../schema/contracts/profile';
import { signedInUserAtom } from './session';

/** The zone the signed-in person reads times in: their profile’s, else the device’s, else the spec’s fallback. */
export function useViewerZone() {
  const user = useAtomValue(signedInUserAtom);
  return user?.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIME_ZONE;
}
