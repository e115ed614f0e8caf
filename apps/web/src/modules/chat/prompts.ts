/**
 * What the web app itself tells the language model, in one place (the server's prompts are in
 * libs/chat/src/prompts.ts).
 */

/**
 * The instruction that turns web results into an answer (the spec sends them as a system message): sent with
 * a search turn by useChatStream.
 */
export const searchSummaryInstruction = (query: string, formattedResults: string): string =>
  `The user searched the web for "${query}". Summarise these results for them in a few sentences, citing ` +
  `sources by their number:\n\n${formattedResults}`;
