import { ChatMessages } from '@membolt/contracts';
import type { PromptMemory } from './prompt.js';

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const day = (iso: string) => DAY_FORMAT.format(new Date(iso));

/**
 * A memory's text quoted in the markdown answer as plain text: the brackets of link, image, autolink and HTML
 * syntax are escaped, so a stored `[Log in](https://…)` shows as written and never becomes a link (a bare
 * URL is left to the client, which never links one from memory text); line breaks become spaces, so a memory
 * stays one list line.
 */
function quoted(text: string): string {
  return text
    .trim()
    .replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ')
    .replace(/[\\[\]<>]/g, (character) => `\\${character}`);
}

/**
 * The answer when no language model is configured for the chosen model: what the assistant remembers that
 * bears on the message, in plain sentences with the day each was noted, under a clear notice. It never
 * pretends to be a model: no made-up reply to the message itself.
 */
export function offlineAnswer(memories: readonly PromptMemory[]): string {
  if (memories.length === 0) {
    return `${ChatMessages.offlineNotice}\n\nI don't remember anything that bears on this yet. Tell me about yourself and I will remember it.`;
  }
  const lines = memories.map((memory) => `- ${quoted(memory.text)} (noted ${day(memory.createdAt)})`);
  return `${ChatMessages.offlineNotice}\n\nHere is what I remember that bears on your message:\n${lines.join('\n')}`;
}

/** The offline answer in word-sized pieces, so it streams like a model's. */
export function piecesOf(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}
