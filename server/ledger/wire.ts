// bigint → decimal string and Date → ISO string, typed, for response bodies (amounts are strings on the wire).
export type Wire<T> = T extends bigint
  ? string
  : T extends Date
    ? string
    : T extends (infer U)[]
      ? Wire<U>[]
      : T extends object
        ? { [K in keyof T]: Wire<T[K]> }
        : T;

export function wire<T>(v: T): Wire<T> {
  if (typeof v === "bigint") return v.toString() as Wire<T>;
  if (v instanceof Date) return v.toISOString() as Wire<T>;
  if (Array.isArray(v)) return v.map((x) => wire(x)) as Wire<T>;
  if (v && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = wire(x);
    return out as Wire<T>;
  }
  return v as Wire<T>;
}
