import { useId, type ReactNode } from 'react';

/**
 * A table with its caption, in a region that scrolls sideways on a narrow screen. The region is
 * named by the caption and focusable, so a keyboard can scroll it too.
 */
export function TableFrame({ caption, children }: { caption: string; children: ReactNode }) {
  const captionId = useId();
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be focusable (WCAG 2.1.1, axe scrollable-region-focusable)
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="table">
        <caption id={captionId}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}
