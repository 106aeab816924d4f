import type { ReactNode } from 'react';
import type { ReactionKind } from '../../../../shared/constants';

// The six reaction kinds (SPEC §3) drawn as small faces, the same on every device (emoji depend
// on the fonts a phone has, and some have none).

const FACE = '#f7c325';
const FEATURE = '#5b3a00';

function Face({ children, fill = FACE }: { children: ReactNode; fill?: string }) {
  return (
    <>
      <circle cx="12" cy="12" r="11" fill={fill} />
      {children}
    </>
  );
}

const drawings: Record<ReactionKind, ReactNode> = {
  like: (
    <>
      <circle cx="12" cy="12" r="11" fill="#1877f2" />
      <path
        d="M7 11h2.2v6.5H7zM10.3 17.5V11l2.6-4.3c.9-.3 1.7.3 1.6 1.3l-.4 2.4h2.8c.9 0 1.5.8 1.3 1.7l-1 4.3c-.2.7-.8 1.1-1.5 1.1z"
        fill="#fff"
      />
    </>
  ),
  love: (
    <>
      <circle cx="12" cy="12" r="11" fill="#f0384f" />
      <path
        d="M12 17.6s-5.3-3.2-5.3-6.8A2.9 2.9 0 0 1 12 9.1a2.9 2.9 0 0 1 5.3 1.7c0 3.6-5.3 6.8-5.3 6.8Z"
        fill="#fff"
      />
    </>
  ),
  haha: (
    <Face>
      <path
        d="M6.8 9.6 9 8.5l-2.2-1M17.2 9.6 15 8.5l2.2-1"
        stroke={FEATURE}
        strokeWidth="1.3"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M6.5 12.5h11a5.5 5.5 0 0 1-11 0Z" fill={FEATURE} />
      <path d="M9 16.2a4.6 4.6 0 0 0 6 0 3 3 0 0 0-6 0Z" fill="#f0384f" />
    </Face>
  ),
  wow: (
    <Face>
      <ellipse cx="8.6" cy="9.5" rx="1.3" ry="1.7" fill={FEATURE} />
      <ellipse cx="15.4" cy="9.5" rx="1.3" ry="1.7" fill={FEATURE} />
      <ellipse cx="12" cy="16" rx="2.3" ry="3" fill={FEATURE} />
    </Face>
  ),
  sad: (
    <Face>
      <circle cx="8.6" cy="10" r="1.2" fill={FEATURE} />
      <circle cx="15.4" cy="10" r="1.2" fill={FEATURE} />
      <path
        d="M8.5 17.2a4.5 4.5 0 0 1 7 0"
        stroke={FEATURE}
        strokeWidth="1.4"
        fill="none"
        strokeLinecap="round"
      />
      <path
        d="M17 12.2c.8 1.2 1.3 2 1.3 2.6a1.3 1.3 0 0 1-2.6 0c0-.6.5-1.4 1.3-2.6Z"
        fill="#4aa3ff"
      />
    </Face>
  ),
  angry: (
    <Face fill="#f0813a">
      <path
        d="M6.5 8.2 10 9.6M17.5 8.2 14 9.6"
        stroke={FEATURE}
        strokeWidth="1.5"
        strokeLinecap="round"
      />
      <circle cx="8.8" cy="11.2" r="1.1" fill={FEATURE} />
      <circle cx="15.2" cy="11.2" r="1.1" fill={FEATURE} />
      <path
        d="M9 16.8a4 4 0 0 1 6 0"
        stroke={FEATURE}
        strokeWidth="1.5"
        fill="none"
        strokeLinecap="round"
      />
    </Face>
  ),
};

export function ReactionIcon({ kind, size = 20 }: { kind: ReactionKind; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={`reaction-icon reaction-icon--${kind}`}
    >
      {drawings[kind]}
    </svg>
  );
}
