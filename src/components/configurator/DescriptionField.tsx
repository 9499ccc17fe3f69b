import { errorProps, FieldError } from '../ui/FieldError.tsx';

/** The free-text description of the inquiry; the landing variant asks for it on the configurator page. */
export interface ConfiguratorDescription {
  message: string;
  onMessageChange(message: string): void;
  /** The message's error once it is shown (the inquiry requires a description). */
  error?: string | undefined;
}

const MESSAGE_ERROR_ID = 'configurator-message-error';

/** The description textarea of either tab, with its error right below it and tied to it. */
export function DescriptionField({ label, description }: { label: string; description: ConfiguratorDescription }) {
  return (
    <div>
      <label htmlFor="configurator-message" className="font-medium">
        {label}
      </label>
      <textarea
        id="configurator-message"
        name="message"
        rows={4}
        value={description.message}
        onChange={(event) => description.onMessageChange(event.target.value)}
        className="mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100"
        {...errorProps(MESSAGE_ERROR_ID, description.error)}
      />
      <FieldError id={MESSAGE_ERROR_ID} message={description.error} />
    </div>
  );
}
