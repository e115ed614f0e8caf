// The part of autocannon's API the abuse probes use (the package ships no types).
declare module 'autocannon' {
  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    onResponse?: (status: number, body: string, context: unknown, headers: Record<string, string>) => void;
  }
  interface AutocannonOptions {
    url: string;
    connections: number;
    duration: number;
    timeout: number;
    requests?: AutocannonRequest[];
  }
  interface Histogram {
    p50: number;
    p99: number;
    max: number;
  }
  interface AutocannonResult {
    requests: { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  export default function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
}
