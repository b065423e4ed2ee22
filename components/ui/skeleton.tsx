// Placeholder rows that occupy the same space as the data, so nothing shifts when it arrives.
export function SkeletonRows({ rows, cols }: { rows: number; cols: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <tr key={r} className="skeleton-row">
          {Array.from({ length: cols }, (_, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <td key={c}>
              <span className="skeleton" aria-hidden="true" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

export function SkeletonBlock({ height }: { height: number }) {
  return <div className="skeleton skeleton-block" style={{ height }} aria-hidden="true" />;
}
