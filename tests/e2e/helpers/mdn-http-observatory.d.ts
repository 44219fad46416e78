// The part of @mdn/mdn-http-observatory the Observatory test calls (the package ships JavaScript
// with JSDoc types only: src/types.js, ScanResult).
declare module '@mdn/mdn-http-observatory' {
  export interface ObservatoryTest {
    /** The expectation the response met, such as `csp-implemented-with-no-unsafe`. */
    result: string;
    pass: boolean;
    scoreModifier: number;
  }
  export interface ScanResult {
    scan: { grade: string; score: number; testsFailed: number; statusCode: number };
    tests: Record<string, ObservatoryTest>;
  }
  /** Scans http:// and https:// at `hostname` as Mozilla's HTTP Observatory does. */
  export function scan(hostname: string): Promise<ScanResult>;
}
