// A small line chart as a standalone SVG (the scale bench's plots in docs/): x is a list of labelled steps (evenly
// spaced; the scale bench's sizes grow ten-fold per step, so this is a log axis), y is linear from 0. No dependency:
// the repository has no server-side chart library (recharts needs a DOM), and these plots need ~50 lines.

export interface Series {
  name: string;
  /** One value per x label; null: not measured (no point drawn). */
  values: (number | null)[];
  color: string;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const fmt = (v: number) => (v >= 100 ? Math.round(v).toLocaleString("en-US") : v >= 10 ? v.toFixed(1) : v.toFixed(2));

/** Rounds the top of the y axis up to 1, 2 or 5 × a power of ten. */
function niceTop(max: number): number {
  if (!(max > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 5, 10]) if (m * p >= max) return m * p;
  return 10 * p;
}

export function lineChart(o: { title: string; xLabel: string; yLabel: string; x: string[]; series: Series[]; guide?: { value: number; label: string } }): string {
  const W = 640;
  const H = 360;
  const L = 70;
  const R = 150;
  const T = 40;
  const B = 50;
  const all = o.series.flatMap((s) => s.values.filter((v): v is number => v !== null && Number.isFinite(v)));
  const top = niceTop(Math.max(...all, o.guide?.value ?? 0));
  const r1 = (v: number) => Math.round(v * 10) / 10;
  const px = (i: number) => r1(L + (o.x.length === 1 ? 0 : (i * (W - L - R)) / (o.x.length - 1)));
  const py = (v: number) => r1(T + (H - T - B) * (1 - v / top));
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12" role="img">`,
    `<title>${esc(o.title)}</title>`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${W / 2}" y="22" text-anchor="middle" font-size="14" font-weight="bold">${esc(o.title)}</text>`,
  ];
  for (let k = 0; k <= 4; k++) {
    const v = (top * k) / 4;
    out.push(`<line x1="${L}" x2="${W - R}" y1="${py(v)}" y2="${py(v)}" stroke="#e5e5e5"/>`, `<text x="${L - 6}" y="${py(v) + 4}" text-anchor="end">${fmt(v)}</text>`);
  }
  for (const [i, label] of o.x.entries()) out.push(`<text x="${px(i)}" y="${H - B + 18}" text-anchor="middle">${esc(label)}</text>`);
  out.push(
    `<line x1="${L}" x2="${W - R}" y1="${H - B}" y2="${H - B}" stroke="#333"/>`,
    `<line x1="${L}" x2="${L}" y1="${T}" y2="${H - B}" stroke="#333"/>`,
    `<text x="${(L + W - R) / 2}" y="${H - 12}" text-anchor="middle">${esc(o.xLabel)}</text>`,
    `<text x="16" y="${(T + H - B) / 2}" text-anchor="middle" transform="rotate(-90 16 ${(T + H - B) / 2})">${esc(o.yLabel)}</text>`,
  );
  if (o.guide) {
    out.push(
      `<line x1="${L}" x2="${W - R}" y1="${py(o.guide.value)}" y2="${py(o.guide.value)}" stroke="#999" stroke-dasharray="5 4"/>`,
      `<text x="${W - R + 6}" y="${py(o.guide.value) + 4}" fill="#666">${esc(o.guide.label)}</text>`,
    );
  }
  o.series.forEach((s, n) => {
    const pts = s.values.map((v, i) => (v === null || !Number.isFinite(v) ? null : ([px(i), py(v), v] as const)));
    const drawn = pts.filter((p) => p !== null);
    if (drawn.length > 1) out.push(`<polyline fill="none" stroke="${s.color}" stroke-width="2" points="${drawn.map(([x, y]) => `${x},${y}`).join(" ")}"/>`);
    for (const [x, y, v] of drawn) out.push(`<circle cx="${x}" cy="${y}" r="3.5" fill="${s.color}"/>`, `<text x="${x + 6}" y="${y - 6}" fill="${s.color}">${fmt(v)}</text>`);
    const ly = H - B - 10 - (o.series.length - 1 - n) * 20;
    out.push(`<rect x="${W - R + 14}" y="${ly - 9}" width="12" height="12" fill="${s.color}"/>`, `<text x="${W - R + 32}" y="${ly + 1}">${esc(s.name)}</text>`);
  });
  out.push("</svg>");
  return `${out.join("\n")}\n`;
}
