import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { validationText } from '../../lib/i18n.ts';

type Props = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** A catalogue key or a ready message (server texts). */
  error?: string;
  hint?: ReactNode;
  children?: ReactNode;
};

/** A labelled input with its hint and its error in red under it, linked for screen readers. */
export function Field({ label, error, hint, children, id, ...input }: Props) {
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <div className="field-row">
        <input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined} {...input} />
        {children}
      </div>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {validationText(error)}
        </p>
      )}
    </div>
  );
}
