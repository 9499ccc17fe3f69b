import { buttonClass, field } from '../../../../components/ui/classes.ts';

/**
 * Classes of the booking demo's screens. Its inputs, labels, errors and secondary buttons are the
 * design system's; its primary colour is teal on purpose: the demo shows a customer's app in the
 * customer's brand, not ours.
 */
export const demoInput = `mt-1 ${field.control}`;
export const demoLabel = `block text-small ${field.label}`;
export const demoPrimary = 'inline-flex items-center justify-center rounded-control bg-teal-700 px-5 py-2.5 font-semibold text-white hover:bg-teal-800';
export const demoSecondary = buttonClass({ variant: 'secondary', size: 'sm' });
export const demoError = field.error;
