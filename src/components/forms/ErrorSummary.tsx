/**
 * The errors of a form the server answered without JavaScript, listed above it (WCAG 3.3.1):
 * each links to its field, where the same message stands again.
 */
export function ErrorSummary({ message, errors, fieldId }: { message: string; errors: Record<string, string>; fieldId: (field: string) => string }) {
  return (
    <div role="alert" className="error-summary rounded-xl border-2 border-red-700 p-4 text-red-800 dark:border-red-300 dark:text-red-200">
      <h2 className="text-lg font-semibold">{message}</h2>
      {Object.keys(errors).length > 0 && (
        <ul className="mt-2 list-disc pl-6">
          {Object.entries(errors).map(([field, text]) => (
            <li key={field}>
              <a href={`#${fieldId(field)}`} className="underline">
                {text}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
