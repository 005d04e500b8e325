"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { fetchJson } from "@/components/ui/fetch-json";

export function AcceptInviteButton({ token }: Readonly<{ token: string }>) {
  const router = useRouter();
  const accept = useMutation({
    mutationFn: () => fetchJson<{ workspace: { slug: string } }>("/api/invites/accept", { method: "POST", json: { token } }),
    onSuccess: ({ workspace }) => router.replace(`/w/${encodeURIComponent(workspace.slug)}`),
  });
  return (
    <>
      <Button onClick={() => accept.mutate()} loading={accept.isPending}>
        Join the workspace
      </Button>
      <ErrorText className="mt-3">{accept.error?.message ?? null}</ErrorText>
    </>
  );
}
