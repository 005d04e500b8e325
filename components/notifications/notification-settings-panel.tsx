"use client";
import { useEffect, useState } from "react";
import type { NotificationSettings } from "@/lib/notifications/schemas";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorText } from "@/components/ui/error-text";
import { BROWSER_OPT_IN_KEY, useUpdateNotificationSettings } from "./notification-hooks";

const KINDS: { key: keyof NotificationSettings; label: string; hint: string }[] = [
  { key: "notifyApprovals", label: "Decisions waiting on me", hint: "An agent asks for a confirmation you could give, or a plan or an orchestration proposal waits for approval." },
  { key: "notifyReviewRequests", label: "Reviews asked of me", hint: "Someone asks you to review a pull request." },
  { key: "notifyPulls", label: "Pull requests opened", hint: "Someone else opens a pull request in a workspace of yours." },
  { key: "notifyVerdicts", label: "Verdicts", hint: "A pull request you opened or were asked to review reaches ship, hold or block." },
  { key: "notifyMentions", label: "Mentions", hint: "Someone writes your @handle in a room." },
];

type BrowserState = "unsupported" | "denied" | "off" | "on";

function browserState(): BrowserState {
  if (typeof Notification === "undefined") return "unsupported";
  if (Notification.permission === "denied") return "denied";
  return Notification.permission === "granted" && localStorage.getItem(BROWSER_OPT_IN_KEY) === "on" ? "on" : "off";
}

export function NotificationSettingsPanel({ initial, handle, altHandle }: Readonly<{ initial: NotificationSettings; handle: string; altHandle?: string }>) {
  const [settings, setSettings] = useState(initial);
  const update = useUpdateNotificationSettings();
  const [browser, setBrowser] = useState<BrowserState>("off");
  useEffect(() => setBrowser(browserState()), []);

  return (
    <div className="space-y-6">
      <Card title="Notify me about" description={`Others mention you as @${handle}${altHandle ? `, or as @${altHandle} in a workspace where another member's address also starts with "${handle}"` : ""}; the composer completes it.`}>
        <ul className="space-y-3">
          {KINDS.map((kind) => (
            <li key={kind.key}>
              <label className="flex items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={settings[kind.key]}
                  onChange={(e) => {
                    const value = e.target.checked;
                    setSettings((s) => ({ ...s, [kind.key]: value }));
                    update.mutate({ [kind.key]: value }, { onError: () => setSettings((s) => ({ ...s, [kind.key]: !value })) });
                  }}
                />
                <span>
                  <span className="font-medium">{kind.label}</span>
                  <span className="block text-zinc-500 dark:text-zinc-400">{kind.hint}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        <ErrorText className="mt-3">{update.error?.message ?? null}</ErrorText>
      </Card>
      <Card title="Browser notifications" description="Shown on this device while a Gatehouse page is open, even in another tab.">
        {browser === "unsupported" ? <p className="text-sm">This browser does not support notifications.</p> : null}
        {browser === "denied" ? <p className="text-sm">This browser blocks notifications from Gatehouse; allow them in the site settings, then come back.</p> : null}
        {browser === "off" ? (
          <Button
            onClick={async () => {
              const permission = await Notification.requestPermission();
              if (permission === "granted") localStorage.setItem(BROWSER_OPT_IN_KEY, "on");
              setBrowser(browserState());
            }}
          >
            Turn on browser notifications
          </Button>
        ) : null}
        {browser === "on" ? (
          <div className="flex items-center gap-3 text-sm">
            <span role="status">Browser notifications are on.</span>
            <Button
              variant="secondary"
              onClick={() => {
                localStorage.setItem(BROWSER_OPT_IN_KEY, "off");
                setBrowser(browserState());
              }}
            >
              Turn off
            </Button>
          </div>
        ) : null}
      </Card>
    </div>
  );
}
