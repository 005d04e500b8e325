"use client";
import "./globals.css";
import { StatusPage } from "@/components/ui/status-page";

/** When even the root layout fails: the same branded page, with its own html and body. */
export default function GlobalError({ reset }: Readonly<{ error: Error & { digest?: string }; reset: () => void }>) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <StatusPage
          code="Error"
          title="Gatehouse could not load"
          action={
            <button type="button" onClick={reset} className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white">
              Try again
            </button>
          }
        >
          Something failed before the page could be drawn. Try again in a moment.
        </StatusPage>
      </body>
    </html>
  );
}
