/** The value of one series in Prometheus text (labels matched as a subset), or 0 when it is absent. */
export function prometheusSample(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    const [, metric, labelText = '', value = ''] = /^([a-z_:]+)\{(.*)\} (\S+)$/.exec(line) ?? [];
    if (metric !== name) continue;
    const found = new Map([...labelText.matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, expected]) => found.get(key) === expected)) return Number(value);
  }
  return 0;
}
