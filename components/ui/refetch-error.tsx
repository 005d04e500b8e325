"use client";
import { Button } from "./button";
import { ErrorText } from "./error-text";

/** A list that is still shown but could not be refreshed: say so, and offer to try again. */
export function RefetchError({ what, error, onRetry }: Readonly<{ what: string; error: Error; onRetry: () => void }>) {
  return (
    <div className="flex items-center gap-3">
      <ErrorText className="flex-1">{`${what} could not be refreshed: ${error.message}`}</ErrorText>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
