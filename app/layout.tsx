import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { QueryProvider } from "@/components/ui/query-provider";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Gatehouse", template: "%s · Gatehouse" },
  description: "Run AI coding agents safely: modes with hard guarantees, durable approvals, reviews with verdicts.",
};

// Dark mode follows the system unless the person picked one (stored in localStorage).
const themeScript = `try{const t=localStorage.getItem("gatehouse-theme");const d=t?t==="dark":matchMedia("(prefers-color-scheme: dark)").matches;document.documentElement.classList.toggle("dark",d);document.documentElement.classList.toggle("light",!d)}catch{}`;

// H5: pages run under a nonce-based CSP (proxy.ts); reading the nonce also renders every page per request, as a nonce requires.
export default async function RootLayout({ children }: Readonly<{ children: ReactNode }>) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="min-h-screen font-sans">
        <QueryProvider>{children}</QueryProvider>
      </body>
    </html>
  );
}
