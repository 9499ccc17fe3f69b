import { Select } from '../ui/Select.tsx';

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

/** The kit's select over a list of typed values, as the dashboard's filters, status and assignment show it. */
export function LabelledSelect<T extends string>({ id, label, value, options, optionLabel, none, onChange }: Props<T>) {
  return (
    <Select
      id={id}
      label={label}
      value={value}
      placeholder={none}
      options={options.map((option) => ({ value: option, label: optionLabel(option) }))}
      onChange={(event) => onChange(event.target.value as T | '')}
    />
  );
}
