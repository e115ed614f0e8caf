/** Undoes quoted-printable soft line breaks and escapes, enough to read links out of a test mail. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The reset token of the link in a raw RFC 822 message. */
export function resetTokenFrom(rawMessage: string): string {
  const match = /[?&]token=([A-Za-z0-9_-]{43})/.exec(decodeQuotedPrintable(rawMessage));
  const token = match?.[1];
  if (!token) throw new Error(`No reset link in the message:\n${rawMessage}`);
  return token;
}
