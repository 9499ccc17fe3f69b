import { auth } from './styles.ts';

/** The line below the login and the registration that switches to the other one. */
export function SwitchPrompt({ question, action, onClick }: { question: string; action: string; onClick: () => void }) {
  return (
    <p className="text-sm">
      {question}{' '}
      <button type="button" className={auth.link} onClick={onClick}>
        {action}
      </button>
    </p>
  );
}
