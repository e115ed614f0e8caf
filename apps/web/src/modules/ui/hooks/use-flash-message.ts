import { useCallback, useEffect, useRef, useState } from 'react';

/** A message that disappears after `durationMs`; showing it again restarts the timer. */
export function useFlashMessage(durationMs: number): {
  readonly message: string | null;
  readonly show: (message: string) => void;
  readonly clear: () => void;
} {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);

  const show = useCallback(
    (next: string) => {
      clearTimeout(timer.current);
      setMessage(next);
      timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  return { message, show, clear };
}
