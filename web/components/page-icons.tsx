import { make } from './icons';

// The icons of pages and parts loaded after the first view (account, shop, offer, admin…), kept out
// of icons.tsx, whose module is part of every first visit. Drawn by icons.tsx's `make`.

export const ArrowStartIcon = make(<path d="M20 12H5m6-6-6 6 6 6" />, true);
export const LogoutIcon = make(
  <>
    <path d="M14 4h4a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-4" />
    <path d="M10 16.5 5.5 12 10 7.5M5.5 12H15" />
  </>,
  true,
);
export const LoginIcon = make(
  <>
    <path d="M14 4h4a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-4" />
    <path d="M9.5 7.5 14 12l-4.5 4.5M14 12H4" />
  </>,
  true,
);
export const KeyIcon = make(
  <>
    <circle cx="8" cy="15" r="4" />
    <path d="m11 12 8.5-8.5M16 7l2.5 2.5M14 9l2 2" />
  </>,
);
export const ShieldIcon = make(
  <path d="M12 3 5 6v5.5c0 4.3 3 8 7 9.5 4-1.5 7-5.2 7-9.5V6l-7-3Z" />,
);
export const EyeIcon = make(
  <>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
export const EyeOffIcon = make(
  <>
    <path d="M3 3l18 18" />
    <path d="M10.6 6.1A9.8 9.8 0 0 1 12 6c6 0 9.5 6 9.5 6a16 16 0 0 1-3 3.7M6.6 7.1C4 8.8 2.5 12 2.5 12S6 18.5 12 18.5c1.6 0 3-.4 4.2-1" />
    <path d="M9.9 10a3 3 0 0 0 4.1 4.1" />
  </>,
);
export const CompassIcon = make(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m15.5 8.5-2 5-5 2 2-5 5-2Z" />
  </>,
);
export const ChatIcon = make(
  <path d="M4 5.5h16a1 1 0 0 1 1 1V16a1 1 0 0 1-1 1h-9l-5 4v-4H4a1 1 0 0 1-1-1V6.5a1 1 0 0 1 1-1Z" />,
);
export const TagIcon = make(
  <>
    <path d="M3.5 12.5V4.5a1 1 0 0 1 1-1h8l8 8a1.4 1.4 0 0 1 0 2l-7 7a1.4 1.4 0 0 1-2 0l-8-8Z" />
    <circle cx="8" cy="8" r="1.5" />
  </>,
);
export const HandshakeIcon = make(
  <>
    <path d="m11 17 2 2a1.4 1.4 0 0 0 2-2" />
    <path d="m14 14 2.5 2.5a1.4 1.4 0 0 0 2-2L15 11l-2 1.5a2 2 0 0 1-2.5-3L13 7.5a3 3 0 0 1 3.5-.2L21 10" />
    <path d="M3 10l4-3.5a3 3 0 0 1 3 0M3 10l6.5 6.5a1.4 1.4 0 0 0 2-2" />
  </>,
);
export const PauseIcon = make(<path d="M9 5v14M15 5v14" />);
export const PlayIcon = make(<path d="M8 5v14l11-7L8 5Z" />, true);
export const WhatsAppIcon = make(
  <>
    <path d="M4 20.5 5.3 16A8.5 8.5 0 1 1 8.4 19l-4.4 1.5Z" />
    <path d="M9 8.5c0 3.6 2.9 6.5 6.5 6.5l1-1.6-2-1-1 1a4.5 4.5 0 0 1-2.4-2.4l1-1-1-2L9 8.5Z" />
  </>,
);
export const MailIcon = make(
  <>
    <rect x="3" y="5" width="18" height="14" rx="1.5" />
    <path d="m3.5 6 8.5 7 8.5-7" />
  </>,
);
export const EditIcon = make(
  <>
    <path d="M4 20h4L19 9a2.1 2.1 0 0 0-3-3L5 17v3Z" />
    <path d="m14.5 7.5 3 3" />
  </>,
);
export const TrashIcon = make(
  <>
    <path d="M4 7h16M9.5 7V4.5h5V7" />
    <path d="M6 7l1 13h10l1-13M10 11v5.5M14 11v5.5" />
  </>,
);
export const CalendarIcon = make(
  <>
    <rect x="3.5" y="5" width="17" height="15.5" rx="1.5" />
    <path d="M3.5 9.5h17M8 3v4M16 3v4" />
  </>,
);
export const ChartIcon = make(
  <>
    <path d="M4 20h16" />
    <path d="M7 16v-5M12 16V6M17 16v-8" />
  </>,
);
export const LockIcon = make(
  <>
    <rect x="5" y="10.5" width="14" height="10" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
  </>,
);
export const DownloadIcon = make(
  <>
    <path d="M12 4v11m-4.5-4.5L12 15l4.5-4.5" />
    <path d="M5 19h14" />
  </>,
);
