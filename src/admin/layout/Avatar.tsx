import { useState } from 'react';
import type { Admin } from '../../shared/admins/schema.ts';

const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

/**
 * The admin's picture (an image uploaded to this site), or their initials when there is none or
 * it cannot load. Decorative:
 * the name is always written beside it.
 */
export function Avatar({ user }: { user: Pick<Admin, 'name' | 'avatar'> }) {
  const [failed, setFailed] = useState(false);
  if (user.avatar && !failed)
    return <img className="avatar" src={user.avatar} alt="" width="32" height="32" onError={() => setFailed(true)} />;
  return (
    <span className="avatar avatar--initials" aria-hidden="true">
      {initialsOf(user.name)}
    </span>
  );
}
