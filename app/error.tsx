"use client";
import { StatusPage } from "@/components/ui/status-page";

/** A page that failed to render: say so plainly, offer a retry; the details stay in the server log. */
export default function ErrorPage({ error, reset }: Readonly<{ error: Error & { digest?: string }; reset: () => void }>) {
  return (
    <StatusPage
      code="Error"
      title="Something went wrong on this page"
      action={
        <button type="button" onClick={reset} className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-700">
          Try again
        </button>
      }
    >
      Gatehouse could not show this page. Try again; if it keeps failing, tell your administrator
      {error.digest ? (
        <>
          {" "}
          and quote <code className="font-mono">{error.digest}</code>
        </>
      ) : null}
      .
    </StatusPage>
  );
}
