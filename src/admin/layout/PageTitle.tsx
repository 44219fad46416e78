import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { site } from '../../shared/site.ts';

/**
 * A screen's h1 and the document title. After a client-side navigation focus moves to the h1,
 * so screen-reader and keyboard users start reading the new screen, as on a page load.
 * The first location of the tab (key 'default') keeps the browser's own focus.
 */
export function PageTitle({ children }: { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { pathname, key } = useLocation();

  useEffect(() => {
    document.title = `${children} | Administración | ${site.name}`;
  }, [children]);

  useEffect(() => {
    if (key !== 'default') ref.current?.focus();
  }, [pathname]);

  return (
    <h1 ref={ref} tabIndex={-1} className="page-title">
      {children}
    </h1>
  );
}
