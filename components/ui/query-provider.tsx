"use client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";

export function QueryProvider({ children }: Readonly<{ children: ReactNode }>) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 5_000, retry: (count, error) => count < 2 && !(error as { status?: number }).status } },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
