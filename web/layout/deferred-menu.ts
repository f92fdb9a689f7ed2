import { type ComponentType, type PointerEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { afterFirstPaint } from '../lib/after-first-paint';
import { codeOnce } from '../lib/code-once';

type Loaded<P> = ComponentType<P>;

/**
 * A header menu whose code (Headless UI, with Floating UI and React Aria) is fetched after the page's first paint, or
 * sooner when someone points at, focuses or clicks its button, which shows at once without it. A click before the code
 * arrived opens the menu when it arrives, and a focused button stays focused when the real one replaces it. A failed
 * fetch leaves the plain button, and the next touch tries again.
 *
 * A mouse press counts as the click, as it does on Headless UI's menu button: pointing at the button fetches the code,
 * which (cached, or on a slow device) can arrive between the press and the release. The real button then replaces
 * the plain one under the pointer, the browser sends the click to neither, and a click waited for would be lost.
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
      onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
        // A tap's click comes from the tap, which reaches the real button if it is there by then: only a mouse press
        // is taken early (taken twice, the menu would open and shut at once).
        if (event.pointerType !== 'mouse' || event.button !== 0) return;
        clicked.current = true;
        wake();
      },
      onClick: () => {
        clicked.current = true;
        wake();
      },
    };
    return { Menu, buttonRef, placeholder };
  };
}
