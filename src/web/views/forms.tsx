import type { ComponentChildren } from 'preact';

/** What a refused form shows: a message for the whole form, and one beside each field it names. */
export interface FormProblems {
  readonly message: string | null;
  readonly fields: Readonly<Record<string, string>>;
  /** The refusal's code, the same as the API's for the same input. */
  readonly code?: string;
}

export const NO_PROBLEMS: FormProblems = { message: null, fields: {} };

/** The hidden CSRF field every state-changing form carries. */
export function Csrf(props: { readonly token: string }) {
  return <input type="hidden" name="_csrf" value={props.token} />;
}

/** A form's problem as a whole, announced to screen readers. */
export function FormError(props: { readonly problems: FormProblems }) {
  if (!props.problems.message) return null;
  return (
    <div class="error" role="alert">
      <p>{props.problems.message}</p>
      {props.problems.code ? (
        <p class="code">
          Error code: <code>{props.problems.code}</code>
        </p>
      ) : null}
    </div>
  );
}

interface FieldProps {
  readonly name: string;
  readonly label: string;
  readonly value?: string | null;
  readonly type?: 'text' | 'email' | 'password' | 'search' | 'number' | 'datetime-local';
  readonly required?: boolean;
  readonly autocomplete?: string;
  readonly problems?: FormProblems;
  readonly hint?: string;
  readonly multiline?: boolean;
  readonly rows?: number;
  readonly min?: number;
  readonly max?: number;
  readonly maxLength?: number;
}

/** A labelled field, its hint and its error beside it (tied to it by aria-describedby). */
export function Field(props: FieldProps) {
  const id = `field-${props.name}`;
  const error = props.problems?.fields[props.name];
  const described = [props.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: props.name,
    required: props.required,
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-describedby': described,
    autocomplete: props.autocomplete,
    maxLength: props.maxLength,
  };
  return (
    <div class={error ? 'field invalid' : 'field'}>
      <label for={id}>{props.label}</label>
      {props.hint ? (
        <p class="hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      ) : null}
      {props.multiline ? (
        <textarea {...common} rows={props.rows ?? 6}>
          {props.value ?? ''}
        </textarea>
      ) : (
        <input {...common} type={props.type ?? 'text'} value={props.value ?? ''} min={props.min} max={props.max} />
      )}
      {error ? (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled list to choose from (`any`: a first choice of none, such as "Any type"), its error beside it. */
export function Select(props: {
  readonly name: string;
  readonly label: string;
  readonly options: ReadonlyArray<string | { readonly value: string; readonly label: string }>;
  readonly value: string | undefined;
  readonly any?: string;
  readonly problems?: FormProblems;
}) {
  const id = `field-${props.name}`;
  const error = props.problems?.fields[props.name];
  return (
    <div class={error ? 'field invalid' : 'field'}>
      <label for={id}>{props.label}</label>
      <select id={id} name={props.name} aria-invalid={error ? 'true' : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        {props.any ? <option value="">{props.any}</option> : null}
        {props.options.map((option) => {
          const { value, label } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option value={value} selected={value === props.value}>
              {label}
            </option>
          );
        })}
      </select>
      {error ? (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A group of radio buttons under a legend, its error beside it. */
export function Radios(props: {
  readonly name: string;
  readonly legend: string;
  readonly options: ReadonlyArray<{ readonly value: string; readonly label: string }>;
  readonly value: string;
  readonly problems?: FormProblems;
}) {
  const error = props.problems?.fields[props.name];
  return (
    <fieldset class={error ? 'field invalid' : 'field'} aria-describedby={error ? `field-${props.name}-error` : undefined}>
      <legend>{props.legend}</legend>
      {props.options.map((option) => (
        <label class="choice">
          <input type="radio" name={props.name} value={option.value} checked={option.value === props.value} /> {option.label}
        </label>
      ))}
      {error ? (
        <p class="field-error" id={`field-${props.name}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A one-button form that posts to `action` (an action on one thing: revoke, pin, accept…). */
export function ActionButton(props: {
  readonly action: string;
  readonly csrfToken: string;
  readonly label: string;
  readonly accessibleLabel?: string;
  readonly fields?: Readonly<Record<string, string>>;
  readonly danger?: boolean;
  readonly children?: ComponentChildren;
}) {
  return (
    <form method="post" action={props.action} class="inline">
      <Csrf token={props.csrfToken} />
      {Object.entries(props.fields ?? {}).map(([name, value]) => (
        <input type="hidden" name={name} value={value} />
      ))}
      {props.children}
      <button type="submit" class={props.danger ? 'danger' : undefined} aria-label={props.accessibleLabel}>
        {props.label}
      </button>
    </form>
  );
}
