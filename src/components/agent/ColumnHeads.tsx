import { ui } from './styles.ts';

/** The header row of a dashboard table: one column head per label, in the table's own order. */
export function ColumnHeads({ labels }: { labels: readonly string[] }) {
  return (
    <thead>
      <tr>
        {labels.map((label) => (
          <th key={label} scope="col" className={ui.headCell}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
