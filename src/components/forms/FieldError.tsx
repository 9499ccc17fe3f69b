/** The message below a field: the design system's (src/components/ui/Field.tsx), under the name the forms import. */
export { FieldError } from '../ui/Field.tsx';
