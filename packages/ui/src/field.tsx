import { type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react';
import { validationText } from '@vm/client/i18n.ts';

type Common = {
  label: string;
  /** A catalogue key or a ready message (server texts). */
  error?: string;
  hint?: ReactNode;
};

/** Ids and aria attributes that tie a control to its hint and its error. */
export function useFieldIds(id: string | undefined, hint: ReactNode, error: string | undefined) {
  const auto = useId();
  const controlId = id ?? auto;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return {
    controlId,
    hintId,
    errorId,
    aria: { 'aria-invalid': error ? true : undefined, 'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined },
  };
}

/** The hint, and the error in red under the control. */
export function FieldMessages({ hint, error, hintId, errorId }: { hint: ReactNode; error?: string; hintId?: string; errorId?: string }) {
  return (
    <>
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
    </>
  );
}

/** A labelled input with its hint and its error, linked for screen readers (`ref` lets a form library focus it). */
export function Field({ label, error, hint, children, id, ...input }: Common & InputHTMLAttributes<HTMLInputElement> & { children?: ReactNode; ref?: Ref<HTMLInputElement> }) {
  const ids = useFieldIds(id, hint, error);
  return (
    <div className="field">
      <label htmlFor={ids.controlId}>{label}</label>
      <div className="field-row">
        <input id={ids.controlId} {...ids.aria} {...input} />
        {children}
      </div>
      <FieldMessages hint={hint} error={error} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}

/** The same as Field, for longer text. */
export function TextAreaField({ label, error, hint, id, ...area }: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const ids = useFieldIds(id, hint, error);
  return (
    <div className="field">
      <label htmlFor={ids.controlId}>{label}</label>
      <textarea id={ids.controlId} rows={3} {...ids.aria} {...area} />
      <FieldMessages hint={hint} error={error} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}
