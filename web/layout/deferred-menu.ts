import { type ComponentType, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { afterFirstPaint } from '../lib/after-first-paint';
import { codeOnce } from '../lib/code-once';

type Loaded<P> = ComponentType<P>;

/**
 * A header menu whose code (Headless UI, with Floating UI and React Aria) is fetched after the page's first paint, or
 * sooner when someone points at, focuses or clicks its button, which shows at once without it. A click before the code
 * arrived opens the menu when it arrives, and a focused button stays focused when the real one replaces it. A failed
 * fetch leaves the plain button, and the next touch tries again.
 */
export function deferredMenu<P>(load: () => Promise<{ default: Loaded<P> }>) {
  const code = codeOnce(load);

  return function useDeferredMenu() {
    const [Menu, setMenu] = useState<Loaded<P> | null>(code.current);
    const clicked = useRef(false);
    const hadFocus = useRef(false);
    const buttonRef = useRef<HTMLButtonElement>(null);
    const wake = useCallback(() => {
      void code.preload().then(
        (menu) => setMenu(() => menu),
        () => undefined,
      );
    }, []);

    useEffect(() => {
      // The code can arrive between the first render and this effect (another page's header fetched it).
      const arrived = code.current();
      if (arrived) {
        setMenu(() => arrived);
        return;
      }
      let live = true;
      void afterFirstPaint().then(() => live && wake());
      return () => {
        live = false;
      };
    }, [wake]);

    useLayoutEffect(() => {
      if (!Menu || !buttonRef.current) return;
      if (hadFocus.current || clicked.current) buttonRef.current.focus();
      if (clicked.current) buttonRef.current.click();
      clicked.current = false;
      hadFocus.current = false;
    }, [Menu]);

    /** Handlers for the plain button shown until the code is here. */
    const placeholder = {
      onPointerEnter: wake,
      onFocus: () => {
        hadFocus.current = true;
        wake();
      },
      onBlur: () => {
        hadFocus.current = false;
      },
      onClick: () => {
        clicked.current = true;
        wake();
      },
    };
    return { Menu, buttonRef, placeholder };
  };
}
