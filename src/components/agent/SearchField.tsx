import { Button } from '../ui/Button.tsx';
import { TextInput } from '../ui/TextInput.tsx';

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
      <TextInput id={id} label={label} type="search" maxLength={100} value={value} onChange={(event) => onChange(event.target.value)} className="w-full max-w-sm" />
      <Button type="submit" variant="secondary">
        Suchen
      </Button>
    </div>
  );
}
