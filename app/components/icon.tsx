/** Line icons drawn as one SVG path each: a few hundred bytes in all, no icon font to download. */
export const ICONS = {
  home: "M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z",
  trades: "M4 18l5-6 4 3 7-9M15 6h5v5",
  staking: "M12 3l8 4v5c0 5-3.5 8-8 9-4.5-1-8-4-8-9V7z",
  assets: "M3 7h18v12H3zM3 7l3-3h12l3 3M16 13h2",
  mine: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c1-4 4-6 8-6s7 2 8 6",
  recharge: "M12 4v12m0 0l-5-5m5 5l5-5M5 20h14",
  invite: "M16 8a3 3 0 1 0-3-3M8 14a3 3 0 1 0 0 .01M16 21a3 3 0 1 0 0-.01M10.5 12.5l3-2M10.5 15.5l3 2",
  launchpad: "M12 2c3 3 4 7 3 11l-3 3-3-3c-1-4 0-8 3-11zM9 16l-3 4M15 16l3 4",
  service: "M4 13a8 8 0 0 1 16 0v4a2 2 0 0 1-2 2h-2v-6h4M4 13v4a2 2 0 0 0 2 2h2v-6H4",
  academy: "M2 9l10-5 10 5-10 5zM6 11v5c3 2 9 2 12 0v-5",
  notices: "M4 10v4h3l6 4V6L7 10zM17 9a4 4 0 0 1 0 6",
  download: "M7 3h10v18H7zM11 18h2",
  language: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18",
  back: "M15 5l-7 7 7 7",
  check: "M5 12l5 5 9-10",
  chevron: "M9 5l7 7-7 7",
  key: "M15 3a6 6 0 1 1-5.2 9L3 18.8V21h3v-2h2v-2h2l1.8-1.8A6 6 0 0 1 15 3zM16 7.5h.01",
  mail: "M3 6h18v12H3zM3 6l9 7 9-7",
  phone: "M5 3h4l2 5-3 2a12 12 0 0 0 6 6l2-3 5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2z",
  chat: "M4 5h16v11H8l-4 4z",
  search: "M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4",
  // Wallet (issue 6)
  withdraw: "M12 20V8m0 0l-5 5m5-5l5 5M5 4h14",
  transfer: "M7 4v16m0 0l-3-3m3 3l3-3M17 20V4m0 0l-3 3m3-3l3 3",
  exchange: "M4 9h14l-4-4M20 15H6l4 4",
  records: "M6 3h12v18H6zM9 8h6M9 12h6M9 16h4",
  eye: "M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z",
  eye_off:
    "M3 3l18 18M10.6 6.1A10 10 0 0 1 12 6c6 0 10 6 10 6a17 17 0 0 1-3.2 3.8M6.5 7.5A17 17 0 0 0 2 12s4 6 10 6a9 9 0 0 0 4-1M9.9 10a3 3 0 0 0 4.2 4.2",
  // Earn (issue 9)
  block: "M12 3l8 4.5v9L12 21l-8-4.5v-9zM12 12l8-4.5M12 12v9M12 12L4 7.5",
  lock: "M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4",
  percent: "M5 19L19 5M7 9a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z",
  gift: "M4 11h16v10H4zM3 7h18v4H3zM12 7v14M12 7c-2-4-6-3-5 0M12 7c2-4 6-3 5 0",
} as const;

export type IconName = keyof typeof ICONS;

export function Icon({ name, size = 22 }: { name: IconName; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path
        d={ICONS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
