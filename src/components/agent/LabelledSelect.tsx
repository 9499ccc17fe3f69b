import { ui } from './styles.ts';

interface Props<T extends string> {
  id: string;
  label: string;
  value: T | '';
  options: readonly T[];
  optionLabel(option: T): string;
  /** The first option, value '', when the choice may be empty (e.g. 'Alle Arten', 'Niemand'). */
  none?: string;
  onChange(next: T | ''): void;
}

/** A select with its label above, as the dashboard's filters, status and assignment show it. */
export function LabelledSelect<T extends string>({ id, label, value, options, optionLabel, none, onChange }: Props<T>) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <select id={id} value={value} className={ui.input} onChange={(event) => onChange(event.target.value as T | '')}>
        {none !== undefined && <option value="">{none}</option>}
        {options.map((option) => <option key={option} value={option}>{optionLabel(option)}</option>)}
      </select>
    </div>
  );
}
