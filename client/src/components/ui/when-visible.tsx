import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` once their place comes near the screen (within `margin`), a placeholder of `minHeight` until then:
 * what sits below the fold (and the JavaScript it lazily loads) waits for the reader to scroll instead of slowing the
 * page's first screen. Without IntersectionObserver it renders at once.
 */
export const WhenVisible = ({
  children,
  minHeight,
  margin = '300px',
}: {
  children: ReactNode;
  minHeight: string;
  margin?: string;
}) => {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !place.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(place.current);
    return () => observer.disconnect();
  }, [near, margin]);
  return near ? children : <div ref={place} style={{ minHeight }} aria-hidden="true" />;
};
