import { ui } from './styles.ts';

interface Props {
  id: string;
  /** What can be searched for, as the field's label. */
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** A dashboard list's search text (up to 100 characters, as its schema takes) with the button that sends the form. */
export function SearchField({ id, label, value, onChange }: Props) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1">
        <label htmlFor={id} className={ui.label}>
          {label}
        </label>
        <input id={id} type="search" maxLength={100} value={value} onChange={(event) => onChange(event.target.value)} className={ui.input} />
      </div>
      <button type="submit" className={ui.secondary}>
        Suchen
      </button>
    </div>
  );
}
