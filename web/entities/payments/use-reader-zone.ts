import { useAtomValue } from 'jotai';
import { FALLBACK_TIME_ZONE } from '../../../schema/contracts/profile';
import { signedInUserAtom } from '../../lib/session';

/** The zone money pages read dates in: the person's profile zone, else the device's, else the spec's fallback. */
export function useReaderZone() {
  const user = useAtomValue(signedInUserAtom);
  return user?.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIME_ZONE;
}
