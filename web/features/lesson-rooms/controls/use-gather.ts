import { useEffect, useRef } from 'react';
import type { LessonControls } from '../../../../schema/contracts/lesson-controls';
import { isFreshGather } from './controls-logic';

type Gather = NonNullable<LessonControls['gather']>;

/**
 * A student acts on each new "bring everyone to my view" once, as it arrives. One read on opening the room (from the
 * device or the first sync) is older than a few seconds and is left alone, so a reload does not jump to an old view.
 */
export function useGather(gather: LessonControls['gather'], leads: boolean, now: () => number, go: (gather: Gather) => void) {
  const seen = useRef(gather?.at ?? null);
  const goRef = useRef(go);
  goRef.current = go;
  useEffect(() => {
    if (leads || !gather || gather.at === seen.current) return;
    seen.current = gather.at;
    if (isFreshGather(gather, now())) goRef.current(gather);
  }, [gather, leads, now]);
}
