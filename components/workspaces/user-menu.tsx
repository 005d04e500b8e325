"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";

/** Who is signed in, and the way out. `stacked`: one item a line (the phone's Menu). */
export function UserMenu({ name, email, stacked = false }: Readonly<{ name: string; email: string; stacked?: boolean }>) {
  const router = useRouter();
  const [leaving, setLeaving] = useState(false);

  async function leave() {
    setLeaving(true);
    // No redirect from next-auth: its URL is built from NEXTAUTH_URL, which a
    // dev server on another port may not have; the router knows where we are.
    await signOut({ redirect: false }).catch(() => undefined);
    router.replace("/signin");
    router.refresh();
  }

  return (
    <div className={stacked ? "flex flex-col items-start gap-1" : "flex items-center gap-2"}>
      <span className={stacked ? "block text-sm leading-tight" : "hidden text-right text-sm leading-tight sm:block"}>
        <span className="block font-medium">{name}</span>
        <span className="block text-xs text-zinc-500 dark:text-zinc-400">{email}</span>
      </span>
      <Link href="/settings/notifications" className={buttonClasses("ghost", "sm")}>
        Notifications
      </Link>
      <Link href="/settings/tokens" className={buttonClasses("ghost", "sm")}>
        MCP tokens
      </Link>
      <Button
        variant="ghost"
        size="sm"
        loading={leaving}
        onClick={() => void leave()}
      >
        Sign out
      </Button>
    </div>
  );
}
