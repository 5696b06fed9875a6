// The part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    /** Requests per second over all connections (a steady load instead of as fast as possible). */
    overallRate?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    timeout?: number;
    requests?: {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (req: RawRequest, context: Record<string, unknown>) => RawRequest;
      /** Called with each answer's status and body. */
      onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
    }[];
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
  }
  /** A run under way; `response` gives the connection (one object per connection) and the ms. */
  interface Instance {
    on(
      event: 'response',
      listener: (
        client: object,
        statusCode: number,
        resBytes: number,
        responseTime: number,
      ) => void,
    ): void;
  }
  function autocannon(opts: Options, done: (err: Error | null, result: Result) => void): Instance;
  function autocannon(opts: Options): Promise<Result>;
  export = autocannon;
}
