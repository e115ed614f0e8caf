/** Hours and minutes of a message, in the browser's locale ("14:05" or "02:05 PM"); empty when unreadable. */
export function formatMessageTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}
