/** Small stroke icons (decorative: the words beside them carry the meaning). */
import type { ReactNode } from "react";
import { cx } from "@/components/ui/cx";

function Icon({ children, className }: Readonly<{ children: ReactNode; className?: string }>) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className={cx("size-4 shrink-0", className)}>
      {children}
    </svg>
  );
}

export const CheckIcon = ({ className }: Readonly<{ className?: string }>) => (
  <Icon className={className}>
    <path d="M4.5 10.5l3.5 3.5 7.5-8" />
  </Icon>
);

export const BlockedIcon = ({ className }: Readonly<{ className?: string }>) => (
  <Icon className={className}>
    <circle cx="10" cy="10" r="6.5" />
    <path d="M5.5 14.5l9-9" />
  </Icon>
);

export const PauseIcon = ({ className }: Readonly<{ className?: string }>) => (
  <Icon className={className}>
    <circle cx="10" cy="10" r="6.5" />
    <path d="M8.25 7.5v5M11.75 7.5v5" />
  </Icon>
);

export const AlertIcon = ({ className }: Readonly<{ className?: string }>) => (
  <Icon className={className}>
    <path d="M10 3.5l7 12.5H3z" />
    <path d="M10 8.5v3M10 13.75v.01" />
  </Icon>
);

export const QuestionIcon = ({ className }: Readonly<{ className?: string }>) => (
  <Icon className={className}>
    <circle cx="10" cy="10" r="6.5" />
    <path d="M8.2 8.2a1.9 1.9 0 113 1.6c-.7.4-1.2.9-1.2 1.7M10 13.75v.01" />
  </Icon>
);

export const ShieldIcon = ({ className }: Readonly<{ className?: string }>) => (
  <Icon className={className}>
    <path d="M10 2.75l6 2.25v4.5c0 3.9-2.6 6.6-6 7.75-3.4-1.15-6-3.85-6-7.75V5z" />
    <path d="M7.5 10l1.75 1.75L12.75 8" />
  </Icon>
);

export const PlanIcon = ({ className }: Readonly<{ className?: string }>) => (
  <Icon className={className}>
    <circle cx="5" cy="5" r="2" />
    <circle cx="15" cy="10" r="2" />
    <circle cx="5" cy="15" r="2" />
    <path d="M7 5.5l6 3.5M7 14.5l6-3.5" />
  </Icon>
);

export const BranchIcon = ({ className }: Readonly<{ className?: string }>) => (
  <Icon className={className}>
    <circle cx="6" cy="4.5" r="1.75" />
    <circle cx="6" cy="15.5" r="1.75" />
    <circle cx="14" cy="7" r="1.75" />
    <path d="M6 6.25v7.5M14 8.75c0 3-4 3-8 5" />
  </Icon>
);

export const AgentIcon = ({ className }: Readonly<{ className?: string }>) => (
  <Icon className={className}>
    <rect x="4" y="6" width="12" height="9" rx="2.5" />
    <path d="M10 3.5V6M7.75 10.5v.01M12.25 10.5v.01" />
  </Icon>
);
