// Figures the benchmarks print and record: percentiles of latencies, and numbers as the summaries show them.
import { parseArgs } from 'node:util';

/** Nearest-rank percentile over an ascending array. */
export const percentile = (sorted, p) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

export const latencySummary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  };
};

export const num = (value, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '∞';

/**
 * `--engine pglite|postgres [--short] [--out file.json]`, the arguments of the engine benchmarks; a wrong call prints
 * the usage and exits with 2.
 */
export const engineBenchmarkArgs = (script) => {
  const { values } = parseArgs({
    options: { engine: { type: 'string' }, short: { type: 'boolean', default: false }, out: { type: 'string' } },
  });
  if (values.engine !== 'pglite' && values.engine !== 'postgres') {
    console.error(`Usage: node bench/${script} --engine pglite|postgres [--short] [--out file.json]`);
    process.exit(2);
  }
  return { engine: values.engine, short: values.short, out: values.out };
};
