import { useState } from 'react';
import { clampHours, MAX_HOURS } from '../../lib/configurator/hours.ts';
import { TextInput } from '../ui/TextInput.tsx';

interface HoursInputProps {
  id: string;
  label: string;
  hint?: string;
  value: number;
  minimum: number;
  onChange: (hours: number) => void;
}

/**
 * An hour field (SPEC §5): the estimate follows every keystroke with the clamped value, and on
 * leaving the field the text shows what is counted, so '-3' or 'abc' turns into the minimum
 * visibly instead of silently.
 */
export function HoursInput({ id, label, hint, value, minimum, onChange }: HoursInputProps) {
  const [text, setText] = useState(String(value));
  const [counted, setCounted] = useState(value);
  // A value set from outside (a reset) replaces what was typed; render-time sync, no effect.
  if (value !== counted) {
    setCounted(value);
    setText(String(value));
  }
  return (
    <TextInput
      id={id}
      name={id}
      label={label}
      hint={hint}
      type="number"
      inputMode="numeric"
      min={minimum}
      max={MAX_HOURS}
      step={1}
      value={text}
      onChange={(event) => {
        const hours = clampHours(event.target.value, minimum);
        setText(event.target.value);
        setCounted(hours);
        onChange(hours);
      }}
      onBlur={() => setText(String(counted))}
    />
  );
}
