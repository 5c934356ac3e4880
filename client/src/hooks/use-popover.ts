import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A popover's open state, as the top bar's menus share it: it closes on Escape, on a click outside `ref`'s element,
 * and when the page changes (a link in it was followed).
 */
export const usePopover = <Element extends HTMLElement = HTMLDivElement>() => {
  const [open, setOpen] = useState(false);
  const ref = useRef<Element>(null);
  const { pathname } = useLocation();

  // Close on navigation: adjust state during render rather than in an effect.
  const [openedAt, setOpenedAt] = useState(pathname);
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return { open, setOpen, ref };
};
