import type { FetcherWithComponents } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import { WAITLIST_SENT } from "~/utils/waitlist";
import {
  DonePanel,
  FIELD_INPUT_CLASS,
  FieldError,
  FormErrorAlert,
  Honeypot,
  LabelledField,
} from "./form-fields";

export const WAITLIST_ACTION = "/waitlist";

export interface WaitlistFormProps {
  id: string;
  platforms: readonly { id: number; name: string }[];
  values: { email?: string; firstName?: string; platforms: readonly string[] };
  errors: Partial<Record<"email" | "firstName" | "platforms" | "", string[] | null>>;
  /** The form element: a plain form on the page, a fetcher's form in the dialog (the same post). */
  Form?: FetcherWithComponents<unknown>["Form"] | "form";
  /** True while the dialog's post is on its way. */
  busy?: boolean;
}

function TextField(props: {
  formId: string;
  name: "email" | "firstName";
  label: ReactNode;
  type: string;
  autoComplete: string;
  value?: string;
  errors?: string[] | null;
}) {
  const id = `${props.formId}-${props.name}`;
  const errorId = `${id}-error`;
  const invalid = Boolean(props.errors?.length);
  return (
    <LabelledField id={id} label={props.label} errorId={errorId} errors={props.errors}>
      <input
        id={id}
        name={props.name}
        type={props.type}
        autoComplete={props.autoComplete}
        defaultValue={props.value ?? ""}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        className={FIELD_INPUT_CLASS}
      />
    </LabelledField>
  );
}

/** The waitlist form: a native post, so it works the same with JavaScript off. */
export function WaitlistForm({
  id,
  platforms,
  values,
  errors,
  Form = "form",
  busy = false,
}: WaitlistFormProps) {
  const platformsErrorId = `${id}-platforms-error`;
  const platformsInvalid = Boolean(errors.platforms?.length);
  const formError = errors[""]?.join(" ");
  return (
    <Form method="post" action={WAITLIST_ACTION} id={id} noValidate className="grid gap-3">
      <Honeypot formId={id} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          formId={id}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          errors={errors.email}
        />
        <TextField
          formId={id}
          name="firstName"
          label={
            <>
              First name <span className="font-normal text-navy-600">(optional)</span>
            </>
          }
          type="text"
          autoComplete="given-name"
          value={values.firstName}
          errors={errors.firstName}
        />
      </div>
      <fieldset aria-describedby={platformsInvalid ? platformsErrorId : undefined} className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-navy-900">
          Platforms you would like to hear about
        </legend>
        {platforms.map((platform) => (
          <div key={platform.id} className="flex items-center gap-3">
            <input
              id={`${id}-platform-${platform.id}`}
              type="checkbox"
              name="platforms"
              value={String(platform.id)}
              defaultChecked={values.platforms.includes(String(platform.id))}
              aria-invalid={platformsInvalid || undefined}
              className="size-5 rounded border-navy-400 accent-accent-700"
            />
            <label htmlFor={`${id}-platform-${platform.id}`} className="text-base text-navy-900">
              {platform.name}
            </label>
          </div>
        ))}
        <FieldError id={platformsErrorId} errors={errors.platforms} />
      </fieldset>
      <p className="text-sm text-navy-700">We will e-mail you when it opens, and nothing else</p>
      <div>
        <FormErrorAlert id={`${id}-error`} text={formError} />
        <button
          type="submit"
          aria-disabled={busy || undefined}
          className={buttonClass("primary", "md", "min-w-36")}
        >
          Join the waitlist
        </button>
      </div>
    </Form>
  );
}

/** The waitlist's answer once a step is done (by default: the request sent). */
export function WaitlistDonePanel({ text = WAITLIST_SENT }: { text?: string }) {
  return <DonePanel text={text} />;
}
