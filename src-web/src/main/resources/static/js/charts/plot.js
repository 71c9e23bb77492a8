// Chart.js drawing. Chart.js is the UMD build from the webjar (window.Chart, loaded by a classic script before the
// modules run). Every chart: animation off (captures are final), units on the axes, a white background (the PNG and
// print), the mail's figures as white-filled black markers, and fills that stay apart in grey-scale (dark solid vs
// light hatched).

import { fmtNumber, fmtBytes } from '../lib/format.js';

const Chart = window.Chart;
if (Chart) {
  Chart.defaults.color = '#1b1f24';
  Chart.defaults.font.family = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  Chart.defaults.animation = false;
}

export const COLORS = {
  off: '#2b3a55',
  on: '#9cc3e6',
  onStroke: '#1f4e79',
  reference: '#000000',
  grid: '#d6dae0',
  muted: '#5b636d',
};

function tile(draw, bg) {
  const c = document.createElement('canvas');
  c.width = 8;
  c.height = 8;
  const x = c.getContext('2d');
  x.fillStyle = bg;
  x.fillRect(0, 0, 8, 8);
  draw(x);
  return x.createPattern(c, 'repeat');
}

/** Diagonal hatching: the "on" side and some time parts. */
export function hatch(bg, fg, reverse = false) {
  return tile((x) => {
    x.strokeStyle = fg;
    x.lineWidth = 1.5;
    x.beginPath();
    if (reverse) {
      x.moveTo(0, 0); x.lineTo(8, 8); x.moveTo(-2, 6); x.lineTo(2, 10); x.moveTo(6, -2); x.lineTo(10, 2);
    } else {
      x.moveTo(0, 8); x.lineTo(8, 0); x.moveTo(-2, 2); x.lineTo(2, -2); x.moveTo(6, 10); x.lineTo(10, 6);
    }
    x.stroke();
  }, bg);
}

function dots(bg, fg) {
  return tile((x) => {
    x.fillStyle = fg;
    x.beginPath();
    x.arc(2, 2, 1.2, 0, 2 * Math.PI);
    x.arc(6, 6, 1.2, 0, 2 * Math.PI);
    x.fill();
  }, bg);
}

function crossHatch(bg, fg) {
  return tile((x) => {
    x.strokeStyle = fg;
    x.lineWidth = 1;
    x.beginPath();
    x.moveTo(0, 4); x.lineTo(8, 4); x.moveTo(4, 0); x.lineTo(4, 8);
    x.stroke();
  }, bg);
}

/** Fills for stacked parts: lightness steps and patterns alternate, so neighbours differ in grey-scale too. */
function partFill(i) {
  const fills = [
    () => '#1b2a41',
    () => hatch('#c8d6e5', '#1b2a41'),
    () => '#7b8fa6',
    () => dots('#ffffff', '#1b2a41'),
    () => '#b8c4d0',
    () => crossHatch('#eef1f5', '#4a5a6a'),
    () => '#4a5a6a',
    () => hatch('#ffffff', '#7b8fa6', true),
  ];
  return fills[i % fills.length]();
}

/** White canvas background, so the PNG and a print are not transparent. */
const whiteBackground = {
  id: 'whiteBackground',
  beforeDraw(chart) {
    const { ctx, width, height } = chart;
    ctx.save();
    ctx.globalCompositeOperation = 'destination-over';
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.restore();
  },
};

/**
 * Marker datasets with {@code alignTo: i} sit on the bars of dataset i (a line dataset on a category axis would
 * put them at the middle of the group, between the off and on bars).
 */
const alignMarkers = {
  id: 'alignMarkers',
  afterDatasetsUpdate(chart) {
    chart.data.datasets.forEach((ds, i) => {
      if (ds.alignTo == null) return;
      const bars = chart.getDatasetMeta(ds.alignTo).data;
      chart.getDatasetMeta(i).data.forEach((pt, j) => {
        if (bars[j]) pt.x = bars[j].x;
      });
    });
  },
};

/** Whiskers from {@code errorBars[j] = [lo, hi]} (values on the value axis), black on a white halo. */
const errorBars = {
  id: 'errorBars',
  afterDatasetsDraw(chart) {
    const { ctx } = chart;
    chart.data.datasets.forEach((ds, i) => {
      if (!Array.isArray(ds.errorBars) || !chart.isDatasetVisible(i)) return;
      const meta = chart.getDatasetMeta(i);
      const scale = chart.scales[meta.yAxisID];
      meta.data.forEach((elem, j) => {
        const r = ds.errorBars[j];
        if (!Array.isArray(r) || r[0] == null || r[1] == null) return;
        const x = elem.x;
        const y0 = scale.getPixelForValue(r[0]);
        const y1 = scale.getPixelForValue(r[1]);
        const half = Math.max(4, Math.min(10, (elem.width || 16) * 0.25));
        for (const [color, width] of [['#ffffff', 4], ['#000000', 1.5]]) {
          ctx.save();
          ctx.strokeStyle = color;
          ctx.lineWidth = width;
          ctx.beginPath();
          ctx.moveTo(x, y0); ctx.lineTo(x, y1);
          ctx.moveTo(x - half, y0); ctx.lineTo(x + half, y0);
          ctx.moveTo(x - half, y1); ctx.lineTo(x + half, y1);
          ctx.stroke();
          ctx.restore();
        }
      });
    });
  },
};

/** Vertical reference lines across the chart area ({@code options.plugins.verticalLines.lines: [{x, label, color, dash}]}). */
const verticalLines = {
  id: 'verticalLines',
  afterDatasetsDraw(chart, args, opts) {
    const { ctx, chartArea, scales } = chart;
    for (const l of (opts && opts.lines) || []) {
      const x = scales.x.getPixelForValue(l.x);
      ctx.save();
      ctx.strokeStyle = l.color;
      ctx.setLineDash(l.dash || []);
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(x, chartArea.top);
      ctx.lineTo(x, chartArea.bottom);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = l.color;
      ctx.font = '12px system-ui, sans-serif';
      ctx.fillText(l.label, x + 4, chartArea.top + 12);
      ctx.restore();
    }
  },
};

const PLUGINS = [whiteBackground, alignMarkers, errorBars, verticalLines];

function referenceDataset(label, data, pointStyle, alignTo) {
  return {
    type: 'line',
    label,
    data,
    reference: true,
    alignTo,
    showLine: false,
    pointStyle,
    pointRadius: 7,
    pointHoverRadius: 9,
    pointBackgroundColor: '#ffffff',
    pointBorderColor: COLORS.reference,
    pointBorderWidth: 2,
    backgroundColor: '#ffffff',
    borderColor: COLORS.reference,
    order: 0,
  };
}

function axisTitle(text) {
  return { display: true, text, font: { weight: 'bold' } };
}

function baseOptions() {
  return {
    animation: false,
    responsive: true,
    maintainAspectRatio: false,
    plugins: {
      legend: { position: 'bottom', labels: { usePointStyle: true, padding: 14 } },
    },
  };
}

function make(canvas, config) {
  const old = Chart.getChart(canvas);
  if (old) old.destroy();
  const chart = new Chart(canvas, { ...config, plugins: PLUGINS });
  addPngDownload(canvas, chart);
  return chart;
}

/** Before/after bars (MiB/s) with whiskers, and the mail's figures as markers (diamond before, triangle after). */
export function plotBars(canvas, s, { metric = 'bandwidth', xTitle = 'parameter point' } = {}) {
  const fmt = (v) => fmtNumber(v, 1) + ' MiB/s';
  return make(canvas, {
    type: 'bar',
    data: {
      labels: s.labels,
      datasets: [
        { type: 'bar', label: 'ours, flag off (median)', data: s.off, errorBars: s.offRange, backgroundColor: COLORS.off,
          borderColor: COLORS.off, borderWidth: 1, pointStyle: 'rect', order: 2 },
        { type: 'bar', label: 'ours, flag on (median)', data: s.on, errorBars: s.onRange, backgroundColor: hatch(COLORS.on, COLORS.onStroke),
          borderColor: COLORS.onStroke, borderWidth: 1, pointStyle: 'rect', order: 2 },
        referenceDataset("the mail, before (off)", s.refOff, 'rectRot', 0),
        referenceDataset("the mail, after (on)", s.refOn, 'triangle', 1),
      ],
    },
    options: {
      ...baseOptions(),
      scales: {
        x: { title: axisTitle(xTitle) },
        y: { beginAtZero: true, title: axisTitle(metric.replace(/_/g, ' ') + ' (MiB/s)'), grid: { color: COLORS.grid } },
      },
      plugins: {
        ...baseOptions().plugins,
        tooltip: {
          callbacks: {
            label: (ctx) => {
              const ds = ctx.dataset;
              if (ctx.raw == null) return null;
              let text = ds.label + ': ' + fmt(ctx.raw);
              if (Array.isArray(ds.errorBars) && ds.errorBars[ctx.dataIndex]) {
                const [lo, hi] = ds.errorBars[ctx.dataIndex];
                text += ' (min ' + fmtNumber(lo, 1) + ', max ' + fmtNumber(hi, 1) + ', n=' + (s.n[ctx.dataIndex][ctx.datasetIndex] ?? '?') + ')';
              }
              return text;
            },
          },
        },
      },
    },
  });
}

/** The on/off ratio along one dimension, with its interval and the mail's ratio; a dashed line at 1 (no change). */
export function plotSweep(canvas, s) {
  const values = [...s.ratio, ...s.reference, ...s.ci.flat(), 1].filter((v) => typeof v === 'number');
  return make(canvas, {
    type: 'line',
    data: {
      labels: s.labels,
      datasets: [
        { label: 'ours: on/off ratio (median, 95 % interval)', data: s.ratio, errorBars: s.ci, borderColor: COLORS.off,
          backgroundColor: COLORS.off, borderWidth: 2, pointStyle: 'circle', pointRadius: 4, order: 1 },
        referenceDataset("the mail's on/off ratio", s.reference, 'rectRot'),
        { label: 'no change (×1)', data: s.labels.map(() => 1), borderColor: COLORS.muted, borderDash: [6, 4], borderWidth: 1,
          pointRadius: 0, pointStyle: 'line', order: 3 },
      ],
    },
    options: {
      ...baseOptions(),
      scales: {
        x: { title: axisTitle(s.dimension) },
        y: { suggestedMin: Math.min(...values) * 0.9, suggestedMax: Math.max(...values) * 1.05, title: axisTitle('on/off ratio (×)'),
          grid: { color: COLORS.grid } },
      },
      plugins: {
        ...baseOptions().plugins,
        tooltip: { callbacks: { label: (ctx) => (ctx.raw == null ? null : ctx.dataset.label + ': ×' + fmtNumber(ctx.raw, 3)) } },
      },
    },
  });
}

/**
 * A tornado chart: one horizontal floating bar per constant from our ratio at one end of its range to the other,
 * largest swing on top; dark where the high end gives the higher ratio, light hatched where it gives the lower; the
 * nominal ratio and the mail's as vertical lines.
 */
export function plotTornado(canvas, t) {
  const values = [...t.rows.flatMap((r) => r.range), t.nominal, t.reference].filter((v) => typeof v === 'number');
  const lines = [];
  if (typeof t.nominal === 'number') lines.push({ x: t.nominal, label: 'ours ×' + fmtNumber(t.nominal, 2), color: COLORS.muted, dash: [6, 4] });
  if (typeof t.reference === 'number') lines.push({ x: t.reference, label: 'mail ×' + fmtNumber(t.reference, 2), color: COLORS.reference, dash: [] });
  return make(canvas, {
    type: 'bar',
    data: {
      labels: t.labels,
      datasets: [{ label: 'ratio from the low to the high end of the constant (dark: the high end raises it)', data: t.rows.map((r) => r.range),
        backgroundColor: t.rows.map((r) => (r.atHigh >= r.atLow ? COLORS.off : hatch(COLORS.on, COLORS.onStroke))),
        borderColor: COLORS.onStroke, borderWidth: 1, pointStyle: 'rect' }],
    },
    options: {
      ...baseOptions(),
      indexAxis: 'y',
      scales: {
        x: { suggestedMin: Math.min(...values) * 0.97, suggestedMax: Math.max(...values) * 1.03,
          title: axisTitle('on/off ratio (×) with the constant at its low and its high end'), grid: { color: COLORS.grid } },
        y: { title: axisTitle('constant (largest swing first)') },
      },
      plugins: {
        ...baseOptions().plugins,
        verticalLines: { lines },
        tooltip: { callbacks: { label: (ctx) => {
          const r = t.rows[ctx.dataIndex];
          return r.constant + ': ×' + fmtNumber(r.atLow, 3) + ' at ' + r.low + ', ×' + fmtNumber(r.atHigh, 3) + ' at ' + r.high
            + (r.assumption ? ' (assumption)' : '');
        } } },
      },
    },
  });
}


/** Requests by size; one side (a run) or two (off/on, A/B). Log scale when counts span more than 50×. */
export function plotHistogram(canvas, h, { offLabel = 'flag off', onLabel = 'flag on' } = {}) {
  const all = [...h.off, ...(h.on || [])].filter((v) => v > 0);
  const log = all.length > 1 && Math.max(...all) / Math.min(...all) > 50;
  const datasets = [{ label: h.on ? offLabel : 'requests', data: h.off, backgroundColor: COLORS.off, borderColor: COLORS.off, borderWidth: 1, pointStyle: 'rect' }];
  if (h.on) {
    datasets.push({ label: onLabel, data: h.on, backgroundColor: hatch(COLORS.on, COLORS.onStroke), borderColor: COLORS.onStroke, borderWidth: 1, pointStyle: 'rect' });
  }
  return make(canvas, {
    type: 'bar',
    data: { labels: h.labels, datasets },
    options: {
      ...baseOptions(),
      scales: {
        x: { title: axisTitle('request size') },
        // a log axis starting at 1 draws a bar of one request with no height: start it at ½ and label from 1 up
        y: log ? { type: 'logarithmic', min: 0.5, title: axisTitle('requests (log scale)'), grid: { color: COLORS.grid },
          ticks: { callback: (v) => (v >= 1 && Number.isInteger(Math.log10(v)) ? fmtNumber(v, 0) : '') } }
          : { type: 'linear', beginAtZero: true, title: axisTitle('requests'), grid: { color: COLORS.grid } },
      },
      plugins: {
        ...baseOptions().plugins,
        tooltip: { callbacks: { title: (items) => items.length ? fmtBytes(h.bytes[items[0].dataIndex]) + ' requests' : '',
          label: (ctx) => ctx.dataset.label + ': ' + fmtNumber(ctx.raw, Number.isInteger(ctx.raw) ? 0 : 1) } },
      },
    },
  });
}

/** Stacked horizontal bars of where the time went, one bar per side. */
export function plotTime(canvas, t, sideLabels) {
  return make(canvas, {
    type: 'bar',
    data: {
      labels: sideLabels,
      datasets: t.parts.map((p, i) => ({ label: p.label, data: p.values, backgroundColor: partFill(i), borderColor: '#1b1f24',
        borderWidth: 1, pointStyle: 'rect' })),
    },
    options: {
      ...baseOptions(),
      indexAxis: 'y',
      scales: {
        x: { stacked: true, beginAtZero: true, title: axisTitle('virtual time (ms, summed over CPUs and device)'), grid: { color: COLORS.grid } },
        y: { stacked: true },
      },
      plugins: {
        ...baseOptions().plugins,
        legend: { position: 'right', labels: { usePointStyle: true } },
        tooltip: { callbacks: { label: (ctx) => ctx.dataset.label + ': ' + fmtNumber(ctx.raw, 3) + ' ms' } },
      },
    },
  });
}

/** A "Download PNG" button under the chart (once per canvas). */
export function addPngDownload(canvas, chart) {
  const figure = canvas.closest('figure') || canvas.parentElement;
  let button = figure.querySelector('button.png-download');
  if (!button) {
    button = document.createElement('button');
    button.type = 'button';
    button.className = 'png-download';
    button.textContent = 'Download PNG';
    const name = canvas.getAttribute('aria-label') || canvas.id;
    button.setAttribute('aria-label', 'Download the chart "' + name + '" as PNG');
    figure.append(button);
  }
  button.onclick = () => {
    const current = Chart.getChart(canvas) || chart;
    current.canvas.toBlob((blob) => {
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = (document.body.dataset.page || 'chart') + '-' + canvas.id + '.png';
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    }, 'image/png');
  };
}

/** Replaces a chart with a sentence (an empty chart says nothing). */
export function showEmpty(canvas, message) {
  const old = Chart.getChart(canvas);
  if (old) old.destroy();
  const figure = canvas.closest('figure');
  const box = canvas.closest('.chart-box');
  if (box) box.hidden = true;
  const note = figure && figure.querySelector('.empty-note');
  if (note) {
    note.hidden = false;
    note.textContent = message;
  }
  const button = figure && figure.querySelector('button.png-download');
  if (button) button.hidden = true;
}

/** Undoes {@link showEmpty}. */
export function showChart(canvas) {
  const figure = canvas.closest('figure');
  const box = canvas.closest('.chart-box');
  if (box) box.hidden = false;
  const note = figure && figure.querySelector('.empty-note');
  if (note) note.hidden = true;
  const button = figure && figure.querySelector('button.png-download');
  if (button) button.hidden = false;
}
