/** What an answer's links are checked against. */
export interface AnswerLinkContext {
  /** The web app's own origin (`window.location.origin`). */
  readonly origin: string;
  /** The texts of the memories the answer used: anyone who could store a memory wrote them. */
  readonly memoryTexts: readonly string[];
  /** The web results Search Mode cited for this answer. */
  readonly sourceUrls: readonly string[];
}

/**
 * Whether a link in an answer may be clickable. The product's own links always are, and the sources Search
 * Mode found. A link whose site appears in the text of a memory the answer used never is: memory text is data
 * that anyone who could store a memory wrote (an import, a file, an API key), so a link in it is shown as text,
 * never as something to click, whether the offline assistant quoted it or a model repeated it. Only http(s)
 * links are ever clickable.
 */
export function isClickableAnswerLink(href: string, context: AnswerLinkContext): boolean {
  let url: URL;
  try {
    url = new URL(href, context.origin);
  } catch {
    return false;
  }
  if (url.origin === context.origin) return true;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (context.sourceUrls.includes(href)) return true;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  return !context.memoryTexts.some((text) => text.toLowerCase().includes(host));
}
