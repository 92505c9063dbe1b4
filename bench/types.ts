/** One benchmark figure: a value measured against a baseline taken in the same run, so machines compare. */
export interface BenchResult {
  name: string;
  baseline: string;
  value: number;
  unit: string;
  ratio?: number;
  note?: string;
}
