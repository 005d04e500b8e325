/** Small stroke icons for the review room (decorative: the words beside them carry the meaning). */
import type { ReactNode } from "react";
import { cx } from "@/components/ui/cx";

function Icon({ children, className }: Readonly<{ children: ReactNode; className?: string }>) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className={cx("size-4 shrink-0", className)}>
      {children}
    </svg>
  );
}

type P = Readonly<{ className?: string }>;

export const ShipIcon = ({ className }: P) => (
  <Icon className={className}>
    <circle cx="10" cy="10" r="7" />
    <path d="M6.75 10.25l2.25 2.25 4.25-4.75" />
  </Icon>
);

export const HoldIcon = ({ className }: P) => (
  <Icon className={className}>
    <circle cx="10" cy="10" r="7" />
    <path d="M8.25 7.25v5.5M11.75 7.25v5.5" />
  </Icon>
);

export const BlockIcon = ({ className }: P) => (
  <Icon className={className}>
    <circle cx="10" cy="10" r="7" />
    <path d="M5.25 14.75l9.5-9.5" />
  </Icon>
);

export const PendingIcon = ({ className }: P) => (
  <Icon className={className}>
    <circle cx="10" cy="10" r="7" strokeDasharray="3 2.5" />
    <path d="M10 6.5V10l2.25 1.5" />
  </Icon>
);

export const FileIcon = ({ className }: P) => (
  <Icon className={className}>
    <path d="M5.5 2.75h6l3.5 3.5v11h-9.5z" />
    <path d="M11.5 2.75v3.5H15" />
  </Icon>
);

export const ChevronIcon = ({ className }: P) => (
  <Icon className={className}>
    <path d="M7.5 5l5 5-5 5" />
  </Icon>
);

export const RefreshIcon = ({ className }: P) => (
  <Icon className={className}>
    <path d="M15.5 9.5a5.5 5.5 0 1 1-1.6-3.9" />
    <path d="M15.5 3.75V7h-3.25" />
  </Icon>
);

export const CommentIcon = ({ className }: P) => (
  <Icon className={className}>
    <path d="M4 4.5h12v8.5H9l-3.5 3v-3H4z" />
  </Icon>
);
