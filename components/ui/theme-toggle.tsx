"use client";
/**
 * Light, dark or the system's choice. Stored in localStorage "gatehouse-theme"
 * (absent = system), applied as the `dark`/`light` class on <html>, matching
 * the script in app/layout.tsx that applies it before the first paint.
 */
import { useEffect, useId, useState } from "react";
import { cx } from "./cx";

type Theme = "light" | "dark" | "system";
const KEY = "gatehouse-theme";
const CHOICES: { value: Theme; label: string; icon: string }[] = [
  { value: "light", label: "Light", icon: "☀" },
  { value: "dark", label: "Dark", icon: "☾" },
  { value: "system", label: "System", icon: "◐" },
];

function apply(theme: Theme) {
  const dark = theme === "system" ? matchMedia("(prefers-color-scheme: dark)").matches : theme === "dark";
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.classList.toggle("light", !dark);
}

export function ThemeToggle() {
  const name = useId();
  const [theme, setTheme] = useState<Theme>("system");

  useEffect(() => {
    const stored = localStorage.getItem(KEY);
    setTheme(stored === "light" || stored === "dark" ? stored : "system");
  }, []);

  useEffect(() => {
    if (theme !== "system") return;
    const media = matchMedia("(prefers-color-scheme: dark)");
    const follow = () => apply("system");
    media.addEventListener("change", follow);
    return () => media.removeEventListener("change", follow);
  }, [theme]);

  function choose(next: Theme) {
    setTheme(next);
    try {
      if (next === "system") localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, next);
    } catch {
      // Private modes may refuse storage; the choice still applies to this page.
    }
    apply(next);
  }

  return (
    <fieldset className="flex rounded-md border border-zinc-300 p-0.5 dark:border-zinc-700">
      <legend className="sr-only">Theme</legend>
      {CHOICES.map((choice) => (
        <label
          key={choice.value}
          title={choice.label}
          className={cx(
            "relative flex size-7 cursor-pointer items-center justify-center rounded text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-500",
            theme === choice.value
              ? "bg-zinc-200 text-zinc-900 dark:bg-zinc-700 dark:text-zinc-100"
              : "text-zinc-500 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100",
          )}
        >
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={theme === choice.value}
            onChange={() => choose(choice.value)}
            className="sr-only"
          />
          <span aria-hidden="true">{choice.icon}</span>
          <span className="sr-only">{choice.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
