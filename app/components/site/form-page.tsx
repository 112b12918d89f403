import type { ReactNode } from "react";

/**
 * The body of a public page built round one form (/contact, /waitlist): the form in a card under its
 * heading, and beside it on wide screens a short note ending with what the visitor's details are used for.
 * `name` prefixes the headings' ids.
 */
export function FormPageBody({
  name,
  formHeading,
  form,
  asideName,
  asideHeading,
  aside,
  weUse,
}: {
  name: string;
  formHeading: string;
  form: ReactNode;
  asideName: string;
  asideHeading: string;
  aside: ReactNode;
  /** "We use …": the details and what for, before "See our privacy policy." */
  weUse: string;
}) {
  return (
    <section aria-labelledby={`${name}-form-heading`} className="container-page py-14 sm:py-20">
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="rounded-lg border border-navy-200 bg-white p-5 sm:p-8">
          <h2 id={`${name}-form-heading`} className="mb-6 text-heading font-semibold text-navy-950">
            {formHeading}
          </h2>
          {form}
        </div>
        <aside aria-labelledby={`${name}-${asideName}-heading`} className="text-navy-700">
          <h2 id={`${name}-${asideName}-heading`} className="text-lg font-semibold text-navy-950">
            {asideHeading}
          </h2>
          {aside}
          <p className="mt-6 text-sm leading-6">
            We use {weUse}. See our{" "}
            <a
              href="/privacy"
              className="font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800"
            >
              privacy policy
            </a>
            .
          </p>
        </aside>
      </div>
    </section>
  );
}
