import { useState } from 'react';
import { graphqlErrorMessage } from '../../auth/utils/graphql-error.util';
import { useFlashMessage } from '../../ui/hooks/use-flash-message';
import { SAVED_BANNER_MS, SAVED_MESSAGE } from '../settings.constants';

/** The outcome of a settings form's save: a passing "saved" banner, or what went wrong. */
export function useSaveFeedback(failedMessage: string): {
  readonly saved: string | null;
  readonly failure: string | null;
  /** Hides both banners, as a new attempt starts. */
  readonly clear: () => void;
  readonly save: (write: () => Promise<unknown>) => Promise<void>;
} {
  const [failure, setFailure] = useState<string | null>(null);
  const savedBanner = useFlashMessage(SAVED_BANNER_MS);

  const clear = () => {
    setFailure(null);
    savedBanner.clear();
  };

  const save = async (write: () => Promise<unknown>) => {
    clear();
    try {
      await write();
      savedBanner.show(SAVED_MESSAGE);
    } catch (caught) {
      setFailure(graphqlErrorMessage(caught) ?? failedMessage);
    }
  };

  return { saved: savedBanner.message, failure, clear, save };
}
