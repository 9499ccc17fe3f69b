/**
 * A declaration form as the server renders it again after a post without JavaScript (decision
 * 0033): what was typed, the errors, and the captcha shown. The form components read it, and
 * src/server/forms/declaration-post.ts fills it.
 */
interface PostedFields {
  values: Record<string, string>;
  errors: Record<string, string>;
}

/** The captcha as the server rendered it: its kind, the picture or the question, a typed code. */
export interface PostedCaptcha {
  mode?: 'image' | 'text';
  image?: string | null;
  question?: string | null;
  input?: string;
}

export interface PostedForm extends PostedFields {
  captcha: PostedCaptcha;
  reviewing?: boolean;
  /** Set when the post was refused: the heading of the error summary above the form. */
  refusal?: string;
}

/** The receipt page of a declaration posted without JavaScript: what the server stored, as the Receipt shows it. */
export interface PostedReceipt {
  title: string;
  lead: string;
  id: number;
  /** ISO time of receipt. */
  receivedAt: string;
  lines: readonly (readonly [label: string, value: string])[];
}
