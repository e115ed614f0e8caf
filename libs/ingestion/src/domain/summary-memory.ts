/** What a file's summary memory says before the summary itself. */
export const summaryLead = (fileName: string): string => `Summary of the file "${fileName}": `;

/** The summary inside a summary memory's text (without its lead). */
export function summaryOfMemoryText(text: string): string {
  const lead = /^Summary of the file "[^"]*": /.exec(text);
  return lead ? text.slice(lead[0].length) : text;
}
