import { DEFAULT_DISPLAY_NAME, FREE_PLAN_ID } from '@membolt/contracts/rules';

/** The avatar's letter: the first letter of the name, or "U". */
export function avatarLetter(name: string | null | undefined): string {
  const first = name?.trim().charAt(0);
  return first ? first.toUpperCase() : 'U';
}

/** The plan tier in upper case; FREE when billing has not answered. */
export function planLabel(plan: string | null | undefined): string {
  return (plan?.trim() || FREE_PLAN_ID).toUpperCase();
}

/** "Welcome back, " + the name, else the e-mail before the at-sign, else "User". */
export function greetingName(name: string | null | undefined, email: string | null | undefined): string {
  const trimmed = name?.trim();
  if (trimmed) return trimmed;
  const local = email?.split('@')[0]?.trim();
  return local || DEFAULT_DISPLAY_NAME;
}
