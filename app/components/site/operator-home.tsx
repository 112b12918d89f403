import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { ArrowRightIcon } from "~/components/ui/icons";
import type { AdminScreen } from "~/utils/admin-screens";


/** The home page a signed-in operator sees at "/" (SPEC 2: signed-in users get a different home). */
export function OperatorHome({ firstName, email, screens }: { firstName: string | null; email: string; screens: readonly AdminScreen[] }) {
  const name = firstName?.trim() || "Admin User";
  return (
    <>
      <section aria-labelledby="operator-title" className="bg-navy-950 text-white">
        <div className="container-page py-14 sm:py-20">
          <p className="text-sm font-semibold tracking-wider text-accent-300 uppercase">Operator home</p>
          <h1 id="operator-title" className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">
            Welcome back, {name}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-navy-200">
            You are signed in as <span className="font-medium break-all text-white">{email}</span>. Choose what to work on, or
            check the public site as visitors see it.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/admin" className={buttonClass("primaryOnDark", "md")}>
              Open the dashboard
            </Link>
            <Link to="/?view=public" className={buttonClass("secondaryOnDark", "md")}>
              View the public home page
            </Link>
          </div>
        </div>
      </section>
      <section aria-labelledby="admin-screens" className="bg-white py-14 sm:py-16">
        <div className="container-page">
          <h2 id="admin-screens" className="text-2xl font-semibold tracking-tight text-navy-950">
            Admin screens
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {screens.map((screen) => (
              <li key={screen.href}>
                <Link
                  to={screen.href}
                  className="group flex h-full flex-col rounded-lg border border-navy-200 p-5 hover:border-accent-700 hover:bg-navy-50"
                >
                  <span className="flex items-center justify-between gap-3 text-base font-semibold text-navy-950">
                    {screen.label}
                    <ArrowRightIcon className="size-4 text-accent-700 transition-transform group-hover:translate-x-0.5" />
                  </span>
                  <span className="mt-2 text-sm leading-6 text-navy-700">{screen.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
