import { useEffect, useId } from "react";
import { mergeChoiceName, type StaleSaveField, type StaleSaveMerge } from "./form-reply";

/**
 * The merge panel of a refused stale save, at the top of the editor's form (inside it, so its choices are
 * posted with the form): each field whose value differs, the operator's value beside the current one, and
 * "Keep mine" or "Use current". With JavaScript, focus moves to the form's message, as for other refusals.
 */
export function StaleSaveMergePanel({ merge, messageId }: { merge: StaleSaveMerge | undefined; messageId: string }) {
  const id = useId();
  useEffect(() => {
    if (merge) document.getElementById(messageId)?.focus();
  }, [merge, messageId]);
  if (!merge?.fields.length) return null;
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="grid gap-3 rounded-md border border-amber-700 bg-amber-50 p-3">
      <div className="grid gap-1">
        <p id={`${id}-title`} className="text-sm font-semibold text-amber-950">
          Your values and the current ones
        </p>
        <p className="text-sm text-navy-800">
          For each field, keep your value or use the current one, then save again. &ldquo;Keep mine&rdquo; saves what
          the field below holds.
        </p>
      </div>
      {merge.fields.map((field) => (
        <MergeField key={`${merge.version}-${field.name}`} field={field} />
      ))}
    </div>
  );
}

function MergeField({ field }: { field: StaleSaveField }) {
  const id = useId();
  const name = mergeChoiceName(field.name);
  return (
    <fieldset className="grid min-w-0 gap-2 rounded-md border border-navy-200 bg-white px-3 pt-1 pb-3">
      <legend className="px-1 text-sm font-semibold text-navy-950">
        {field.label}
        {field.bothChanged ? (
          <>
            <span className="sr-only">,</span>{" "}
            <span className="ml-1 rounded border border-amber-700 bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-950">
              Changed by both
            </span>
          </>
        ) : null}
      </legend>
      <dl className="grid gap-2 sm:grid-cols-2">
        <MergeValue term="Your value" value={field.mine} labels={field.valueLabels} />
        <MergeValue term="Current value" value={field.current} labels={field.valueLabels} />
      </dl>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <MergeChoiceRadio id={`${id}-mine`} name={name} value="mine" checked={field.defaultChoice === "mine"}>
          Keep mine
        </MergeChoiceRadio>
        <MergeChoiceRadio id={`${id}-current`} name={name} value="current" checked={field.defaultChoice === "current"}>
          Use current
        </MergeChoiceRadio>
      </div>
    </fieldset>
  );
}

function MergeValue({ term, value, labels }: { term: string; value: string; labels?: Record<string, string> }) {
  const shown = labels?.[value] ?? value;
  return (
    <div className="grid min-w-0 content-start gap-0.5">
      <dt className="text-xs font-medium text-navy-700">{term}</dt>
      <dd className="text-sm break-words whitespace-pre-wrap text-navy-950">
        {shown.trim() === "" ? <span className="text-navy-700 italic">(empty)</span> : shown}
      </dd>
    </div>
  );
}

function MergeChoiceRadio({
  id,
  name,
  value,
  checked,
  children,
}: {
  id: string;
  name: string;
  value: "mine" | "current";
  checked: boolean;
  children: string;
}) {
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="radio" name={name} value={value} defaultChecked={checked} className="size-5 accent-accent-700" />
      <label htmlFor={id} className="text-sm font-medium text-navy-900">
        {children}
      </label>
    </div>
  );
}
