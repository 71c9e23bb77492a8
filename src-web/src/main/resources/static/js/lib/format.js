// Number and label formatting. Pure functions: no DOM, no Chart.js.

export const MIB = 1048576;

/** bytes/s (the API's base unit) → MiB/s, the unit the mails and fio print. */
export function toMiBps(bytesPerSecond) {
  return bytesPerSecond == null ? null : bytesPerSecond / MIB;
}

export function fmtNumber(x, digits = 1) {
  if (x == null || Number.isNaN(x)) return '–';
  return x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** An integer count with thousands separators; fractional means keep one decimal. */
export function fmtCount(x) {
  if (x == null || Number.isNaN(x)) return '–';
  return Number.isInteger(x) ? x.toLocaleString('en-US') : fmtNumber(x, 1);
}

export function fmtMiBps(bytesPerSecond) {
  return bytesPerSecond == null ? '–' : fmtNumber(toMiBps(bytesPerSecond), 1) + ' MiB/s';
}

/** A value in the unit the API gives it, made readable: bytes/s as MiB/s, counts as counts. */
export function fmtValue(value, unit) {
  if (unit === 'bytes/s') return fmtMiBps(value);
  if (unit === 'ns') return fmtNs(value);
  return fmtCount(value) + (unit ? ' ' + unit : '');
}

/** A request size in bytes as the kernel would say it: 4 KiB, 512 KiB, 1 MiB, 1.5 KiB. */
export function fmtBytes(n) {
  const v = Number(n);
  if (v >= MIB && v % (MIB / 4) === 0) return v / MIB + ' MiB';
  if (v >= 1024) return (v % 1024 === 0 ? v / 1024 : fmtNumber(v / 1024, 1)) + ' KiB';
  return v + ' B';
}

export function fmtNs(ns) {
  if (ns == null) return '–';
  if (ns >= 1e9) return fmtNumber(ns / 1e9, 2) + ' s';
  if (ns >= 1e6) return fmtNumber(ns / 1e6, 2) + ' ms';
  if (ns >= 1e3) return fmtNumber(ns / 1e3, 1) + ' µs';
  return ns + ' ns';
}

export function fmtRatio(r) {
  return r == null ? '–' : '×' + fmtNumber(r, 2);
}

/** The label a zero-width seed interval gets instead of a 95 % CI: the model's repetitions are bit-identical. */
export const NO_NOISE = 'no run-to-run noise in the model';

export function fmtInterval(ci) {
  if (!Array.isArray(ci) || ci.length !== 2) return '';
  if (Math.abs(ci[1] - ci[0]) <= 1e-12 * Math.max(1, Math.abs(ci[0]))) return '(' + NO_NOISE + ')';
  return '[' + fmtNumber(ci[0], 2) + ' – ' + fmtNumber(ci[1], 2) + ']';
}

/** A band [lo, hi] of ratios (contracts.md §6) with its width, or '' without one. */
export function fmtBand(band) {
  if (!Array.isArray(band) || band.length !== 2) return '';
  return '[' + fmtNumber(band[0], 2) + ' – ' + fmtNumber(band[1], 2) + '], width ' + fmtNumber(band[1] - band[0], 2);
}

/** Ours over the mail's figure, shown beside a verdict when it is beyond 1.5× (either way); '' otherwise. */
export function fmtAbsolute(absolute) {
  if (!absolute) return '';
  const parts = [];
  for (const side of ['off', 'on']) {
    const f = absolute[side];
    if (f != null && f > 0 && (f > 1.5 || f < 1 / 1.5)) parts.push('absolute ×' + fmtNumber(f, 2) + ' ' + side);
  }
  return parts.join(', ');
}

/** (b / a − 1) × 100; 0 when both are 0; null when a is 0 alone or a side is missing. */
export function changePercent(a, b) {
  if (a == null || b == null) return null;
  if (a === 0) return b === 0 ? 0 : null;
  return (b / a - 1) * 100;
}

/**
 * LKP style: a change is printed only when it is larger than the threshold (2 %); smaller ones print nothing, so the
 * eye goes to what moved. A counter that was 0 and is not any more prints "new".
 */
export function lkpChange(a, b, threshold = 2) {
  if (a == null || b == null) return '';
  if (a === 0) return b === 0 ? '' : 'new';
  const c = changePercent(a, b);
  if (Math.abs(c) <= threshold) return '';
  return (c > 0 ? '+' : '−') + fmtNumber(Math.abs(c), 1) + '%';
}

const VERDICTS = {
  reproduced: { label: 'reproduced', symbol: '✓' },
  partly: { label: 'partly', symbol: '≈' },
  not_reproduced: { label: 'not reproduced', symbol: '✗' },
  opposite: { label: 'opposite', symbol: '⇄' },
  'n/a': { label: 'no reference', symbol: '·' },
  robust: { label: 'robust', symbol: '✓' },
  consistent: { label: 'consistent', symbol: '≈' },
  inconclusive: { label: 'inconclusive', symbol: '?' },
  excluded: { label: 'excluded', symbol: '✗' },
  safe: { label: 'safe', symbol: '✓' },
  data_lost: { label: 'data lost', symbol: '✗' },
  inconsistent: { label: 'inconsistent', symbol: '✗' },
  insufficient_coverage: { label: 'insufficient coverage', symbol: '?' },
};

export function verdictLabel(v) {
  const d = VERDICTS[v];
  return d ? d.symbol + ' ' + d.label : String(v);
}

/** Parameters as "k=v, k=v", leaving out the ones named in {@code exclude}. */
export function fmtParams(params, exclude = []) {
  if (!params) return '';
  return Object.keys(params).filter((k) => !exclude.includes(k)).sort()
    .map((k) => k + '=' + params[k]).join(', ');
}

/** write_bandwidth → "write bandwidth"; iozone's columns lose their unit (write_kbps → "write"). */
export function metricLabel(name) {
  return name ? String(name).replace(/_kbps$/, '').replace(/_/g, ' ') : '';
}

export function fmtTime(iso) {
  if (!iso) return '–';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? String(iso) : d.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
}

/** Seconds as "1 min 05 s" / "12 s". */
export function fmtDuration(seconds) {
  if (seconds == null || !Number.isFinite(seconds)) return '–';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return s + ' s';
  const m = Math.floor(s / 60);
  return m + ' min ' + String(s % 60).padStart(2, '0') + ' s';
}
