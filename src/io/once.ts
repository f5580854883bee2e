// A value worked out once per process, asynchronously (the package's own files: they do not change
// under a running process), where a failure is not remembered: the next caller tries again.

/** `make` run on the first call and its promise shared by every later call, unless it rejected: then the next call runs `make` again. */
export function onceUnlessRejected<T>(make: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | null = null;
  return () => {
    if (!kept) {
      const made = make();
      kept = made;
      made.catch(() => {
        if (kept === made) kept = null;
      });
    }
    return kept;
  };
}
