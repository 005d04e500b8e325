"use client";
/** G2: the answer box under an agent's ask_user question. */
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { ApiError } from "@/components/ui/fetch-json";
import { useAnswerQuestion } from "./room-hooks";

export function QuestionBox({
  slug,
  roomId,
  runId,
  callId,
  question,
}: Readonly<{ slug: string; roomId: string; runId: string; callId: string; question: string }>) {
  const id = useId();
  const [answer, setAnswer] = useState("");
  const send = useAnswerQuestion(slug, roomId);
  const error = send.error instanceof ApiError ? send.error.message : send.error ? "The answer could not be sent. Try again." : null;

  return (
    <form
      data-testid="question-box"
      className="mt-2 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (answer.trim()) send.mutate({ runId, callId, answer: answer.trim() });
      }}
    >
      <label htmlFor={id} className="sr-only">
        Your answer to: {question}
      </label>
      <textarea
        id={id}
        data-testid="question-answer"
        rows={2}
        value={answer}
        onChange={(e) => setAnswer(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            e.currentTarget.form?.requestSubmit();
          }
        }}
        placeholder="Type your answer (Enter sends)"
        className="block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-xs dark:border-zinc-700 dark:bg-zinc-900"
      />
      <div className="flex items-center gap-2">
        <Button type="submit" size="sm" loading={send.isPending} disabled={!answer.trim() || send.isSuccess}>
          Send answer
        </Button>
        {send.isSuccess ? <span role="status" className="text-xs text-zinc-600 dark:text-zinc-400">Sent; the run continues.</span> : null}
      </div>
      <ErrorText>{error}</ErrorText>
    </form>
  );
}
