import { useState } from 'react';

interface AvatarProps {
  name: string;
  /** The photo's file name or URL; the initials show when there is none or it fails to load. */
  photo?: string | null;
  size?: number;
}

/** SPEC §3: a user's icon lives at /images/users/icons/{photo}; a full URL is used as it is. */
export function photoUrl(photo: string): string {
  return /^(\/|https?:|blob:|data:)/.test(photo) ? photo : `/images/users/icons/${photo}`;
}

function initials(name: string): string {
  return Array.from(
    name
      .trim()
      .split(/\s+/)
      .slice(0, 2)
      .map((word) => Array.from(word)[0] ?? '')
      .join(''),
  )
    .join('')
    .toUpperCase();
}

export function Avatar({ name, photo, size = 32 }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const style = { inlineSize: size, blockSize: size, fontSize: Math.round(size * 0.4) };
  if (photo && !failed) {
    return (
      <img
        className="avatar"
        src={photoUrl(photo)}
        alt=""
        width={size}
        height={size}
        style={style}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className="avatar avatar--initials" style={style} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
