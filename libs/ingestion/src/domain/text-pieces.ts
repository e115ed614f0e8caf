/**
 * A text cut into pieces of at most `maxLength` characters, at paragraph boundaries where it can be (a
 * paragraph longer than that is cut at its last sentence end or space before the limit). Nothing is lost
 * or repeated: the pieces joined with blank lines hold every paragraph of the text.
 */
export function textPieces(text: string, maxLength: number): string[] {
  const pieces: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim()) pieces.push(current.trim());
    current = '';
  };
  for (const paragraph of text.split(/\n\s*\n/)) {
    let rest = paragraph.trim();
    if (!rest) continue;
    if (current && current.length + 2 + rest.length > maxLength) flush();
    while (rest.length > maxLength) {
      flush();
      const window = rest.slice(0, maxLength);
      const sentenceEnd = Math.max(
        window.lastIndexOf('. '),
        window.lastIndexOf('! '),
        window.lastIndexOf('? '),
      );
      const cut =
        sentenceEnd > maxLength / 2
          ? sentenceEnd + 1
          : window.lastIndexOf(' ') > 0
            ? window.lastIndexOf(' ')
            : maxLength;
      pieces.push(rest.slice(0, cut).trim());
      rest = rest.slice(cut).trim();
    }
    current = current ? `${current}\n\n${rest}` : rest;
  }
  flush();
  return pieces;
}
