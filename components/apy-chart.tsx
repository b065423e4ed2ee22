"use client";
// APY and TVL history (recharts). Imported with next/dynamic so recharts never weighs on other pages.
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ChartBody } from "@/lib/api";

export function ApyChart({ points }: { points: ChartBody["points"] }) {
  const data = points.map((p) => ({
    t: p.timestamp.slice(0, 10),
    apy: p.apyBps == null ? null : p.apyBps / 100,
    tvl: p.tvlUsd == null ? null : p.tvlUsd / 1e6,
  }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
        <XAxis dataKey="t" tick={{ fontSize: 11, fill: "var(--muted)" }} minTickGap={24} />
        <YAxis yAxisId="apy" tick={{ fontSize: 11, fill: "var(--muted)" }} unit="%" width={48} />
        <YAxis yAxisId="tvl" orientation="right" tick={{ fontSize: 11, fill: "var(--muted)" }} unit="M" width={56} />
        <Tooltip contentStyle={{ background: "var(--bg)", border: "1px solid var(--border)" }} />
        <Legend />
        <Line yAxisId="apy" type="monotone" dataKey="apy" name="APY (%)" stroke="#2563eb" dot={false} connectNulls={false} isAnimationActive={false} />
        <Line yAxisId="tvl" type="monotone" dataKey="tvl" name="TVL (M USD)" stroke="#16a34a" dot={false} connectNulls={false} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
