import { formatRelativeTime } from '../../ui/utils/relative-time.util';

/** The dashboard's "last active" and conversation times: the app's one relative time, "Never" for none. */
export function relativeTime(iso: string | null | undefined, now: number = Date.now()): string {
  if (!iso) return 'Never';
  return formatRelativeTime(iso, new Date(now));
}
