import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
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

type AreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: ReactNode };

/** The same as Field, for longer text. */
export function TextAreaField({ label, error, hint, id, ...area }: AreaProps) {
  const auto = useId();
  const areaId = id ?? auto;
  const hintId = hint ? `${areaId}-hint` : undefined;
  const errorId = error ? `${areaId}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={areaId}>{label}</label>
      <textarea id={areaId} rows={3} aria-invalid={error ? true : undefined} aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined} {...area} />
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
