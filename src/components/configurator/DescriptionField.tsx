import { TextField } from '../forms/Fields.tsx';
import type { FieldState } from '../forms/useFormFields.ts';

/** The free-text description of the inquiry, part of the request form around the configurator. */
export type ConfiguratorDescription = FieldState<{ message: string }>;

/** The description textarea of either tab, with its error right below it and tied to it. */
export function DescriptionField({ label, description }: { label: string; description: ConfiguratorDescription }) {
  return <TextField form={description} field="message" label={label} rows={4} />;
}
