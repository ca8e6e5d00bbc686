// The part of autocannon's programmatic API that bench:load uses (autocannon
// ships no types, and this is too little to add @types/autocannon for).
declare module "autocannon" {
  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface AutocannonOptions {
    url: string;
    connections?: number;
    /** Requests per second across all connections. */
    overallRate?: number;
    /** Requests in all, then stop. */
    amount?: number;
    requests?: Array<
      AutocannonRequest & {
        setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
      }
    >;
  }
  interface AutocannonResult {
    latency: Histogram;
    requests: Histogram & { total: number; sent: number };
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
  }
  /** The run: a promise of its result, and an emitter of each response as it comes. */
  interface AutocannonRun extends Promise<AutocannonResult> {
    on(
      event: "response",
      listener: (
        client: unknown,
        statusCode: number,
        resBytes: number,
        /** Milliseconds from the request's write to its response. */
        responseTime: number,
      ) => void,
    ): this;
  }
  function autocannon(options: AutocannonOptions): AutocannonRun;
  export default autocannon;
}
