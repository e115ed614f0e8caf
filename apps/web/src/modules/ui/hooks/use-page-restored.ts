import { useEffect } from 'react';

/**
 * Runs `onRestored` when the browser shows this page again from its back-forward cache, e.g. after the
 * user comes back from the sign-in provider: state frozen mid-redirect (a spinner) must be reset.
 */
export function usePageRestored(onRestored: () => void): void {
  useEffect(() => {
    const listener = (event: PageTransitionEvent) => {
      if (event.persisted) onRestored();
    };
    window.addEventListener('pageshow', listener);
    return () => window.removeEventListener('pageshow', listener);
  }, [onRestored]);
}
