"use client";
/**
 * Whether an element is within `margin` of the viewport, through one shared
 * IntersectionObserver per margin (hundreds of diff chunks observe cheaply).
 * Before the first observation it answers `initial`, so the server render and
 * the first client render agree.
 *
 * Changes are transitions: React renders what comes into view in slices and
 * yields to the browser between them, so scrolling through a large diff does
 * not block the main thread while chunks mount.
 */
import { startTransition, useEffect, useState, type RefObject } from "react";

type Callback = (near: boolean) => void;
const observers = new Map<string, { observer: IntersectionObserver; callbacks: Map<Element, Callback> }>();

function shared(margin: string) {
  let entry = observers.get(margin);
  if (!entry) {
    const callbacks = new Map<Element, Callback>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) callbacks.get(e.target)?.(e.isIntersecting);
      },
      { rootMargin: margin },
    );
    entry = { observer, callbacks };
    observers.set(margin, entry);
  }
  return entry;
}

export function useNearViewport(ref: RefObject<Element | null>, margin = "1200px 0px", initial = false): boolean {
  const [near, setNear] = useState(initial);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const { observer, callbacks } = shared(margin);
    callbacks.set(element, (value) => startTransition(() => setNear(value)));
    observer.observe(element);
    return () => {
      observer.unobserve(element);
      callbacks.delete(element);
    };
  }, [ref, margin]);
  return near;
}
