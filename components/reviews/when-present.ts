/**
 * Calls `found` with the element of `id` as soon as it is in the document,
 * checking once per frame for a few frames (what it waits for is usually a
 * render scheduled by the same click). Returns a cancel function.
 */
export function whenPresent(ids: readonly string[], found: (element: HTMLElement) => void, frames = 20): () => void {
  let handle = 0;
  let left = frames;
  const look = () => {
    for (const id of ids) {
      const element = document.getElementById(id);
      if (element) return found(element);
    }
    if (--left > 0) handle = requestAnimationFrame(look);
  };
  handle = requestAnimationFrame(look);
  return () => cancelAnimationFrame(handle);
}
