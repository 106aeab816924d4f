import type { ReactNode, SVGProps } from 'react';

// Inline icons (no icon font, no extra request). Icons that point (arrows, chevrons) carry the
// `icon--directional` class, which the stylesheet mirrors in right-to-left pages.
// These are the shell's and the home page's, part of every first visit; the icons only other
// pages and later parts show are in page-icons.tsx, in those pages' chunks.

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

export function make(paths: ReactNode, directional = false) {
  return function Icon({ size = 20, className, ...props }: IconProps) {
    const classes = ['icon', directional && 'icon--directional', className].filter(Boolean);
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className={classes.join(' ')}
        {...props}
      >
        {paths}
      </svg>
    );
  };
}

export const HomeIcon = make(
  <>
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9.5V20a1 1 0 0 0 1 1h4v-6h4v6h4a1 1 0 0 0 1-1V9.5" />
  </>,
);
export const StoreIcon = make(
  <>
    <path d="M4 9h16l-1.2-4.3A1 1 0 0 0 17.8 4H6.2a1 1 0 0 0-1 .7L4 9Z" />
    <path d="M4 9a2.7 2.7 0 0 0 5.3 0 2.7 2.7 0 0 0 5.4 0A2.7 2.7 0 0 0 20 9" />
    <path d="M5.5 12.5V20h13v-7.5" />
    <path d="M10 20v-4.5h4V20" />
  </>,
);
export const SearchIcon = make(
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2" />
  </>,
);
export const BookmarkIcon = make(
  <path d="M6.5 3.5h11a1 1 0 0 1 1 1V21L12 16.5 5.5 21V4.5a1 1 0 0 1 1-1Z" />,
);
export const BellIcon = make(
  <>
    <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Z" />
    <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
  </>,
);
export const UserIcon = make(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c.8-4 4-6 8-6s7.2 2 8 6" />
  </>,
);
export const GlobeIcon = make(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3Z" />
  </>,
);
export const ChevronDownIcon = make(<path d="m6 9 6 6 6-6" />);
/** Points towards the end of the line (right in LTR, left in RTL). */
export const ChevronEndIcon = make(<path d="m9 5 7 7-7 7" />, true);
/** Points towards the start of the line (left in LTR, right in RTL). */
export const ChevronStartIcon = make(<path d="m15 5-7 7 7 7" />, true);
export const ArrowEndIcon = make(<path d="M4 12h15m-6-6 6 6-6 6" />, true);
export const MenuIcon = make(<path d="M4 7h16M4 12h16M4 17h16" />);
export const CloseIcon = make(<path d="M6 6l12 12M18 6 6 18" />);
export const PlusIcon = make(<path d="M12 5v14M5 12h14" />);
export const AlertIcon = make(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.5h.01" />
  </>,
);
export const CheckIcon = make(<path d="m5 12.5 4.5 4.5L19 7.5" />);
export const InboxIcon = make(
  <>
    <path d="M3.5 13.5 6 5h12l2.5 8.5V19a1 1 0 0 1-1 1h-15a1 1 0 0 1-1-1v-5.5Z" />
    <path d="M3.5 13.5h5l1.5 2.5h4l1.5-2.5h5" />
  </>,
);
export const PinIcon = make(
  <>
    <path d="M12 21s-6.5-5.8-6.5-11a6.5 6.5 0 0 1 13 0C18.5 15.2 12 21 12 21Z" />
    <circle cx="12" cy="10" r="2.3" />
  </>,
);
export const PhoneIcon = make(
  <path d="M6.5 3.5h2.6l1.4 4-2 1.3a11 11 0 0 0 6.7 6.7l1.3-2 4 1.4v2.6a2 2 0 0 1-2.2 2A16.5 16.5 0 0 1 4.5 5.7a2 2 0 0 1 2-2.2Z" />,
);
export const ImageIcon = make(
  <>
    <rect x="3" y="4.5" width="18" height="15" rx="1.5" />
    <circle cx="9" cy="10" r="1.8" />
    <path d="m3.5 17.5 5-4.5 4 3.5 3-2.5 5 4" />
  </>,
);

/** A bar chart (the shop page's link to its insights). */

/** A padlock (private conversations). */
