import { DataTable, RowHeadingCell, TimeCell } from "~/components/admin/data-table";
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { data, Form, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { formatAdminTime } from "~/components/admin/format-time";
import { adminMeta } from "~/components/admin/meta";
import { ListFilter } from "~/components/admin/list/list-filter";
import { AdminPageHeader } from "~/components/admin/page-header";
import { StatusBadge } from "~/components/admin/status-badge";
import { smallDangerButton } from "~/components/admin/styles";
import { listOperators } from "~/models/operators.server";
import { usedSecondFactor } from "~/server/api/session-resources.server";
import { requireAdminPage, type OperatorUser } from "~/server/auth/auth.server";
import {
  endOperatorSession,
  isAdmin,
  liveSessions,
  requestedOperator,
} from "~/server/auth/operator-sessions.server";
import { endSession } from "~/server/auth/session.server";
import { ADMIN_CACHE_HEADERS, notFound, successToast } from "~/server/forms/admin-action.server";
import { handleAdminButton } from "~/server/forms/admin-button.server";
import { deviceLabel } from "~/utils/device-label";
import { ALL_OPERATORS } from "~/utils/operator-sessions";

export const meta: MetaFunction = () => adminMeta("Sessions");

/** The screen's own address for the operator chosen: /admin/sessions, or ?operator=12 / ?operator=all. */
function listHref(operator: string | null): string {
  return operator ? `/admin/sessions?${new URLSearchParams({ operator }).toString()}` : "/admin/sessions";
}

/** The `?operator=` asked for, or null for one's own. */
function operatorParam(request: Request): string | null {
  const value = new URL(request.url).searchParams.get("operator");
  return value === null || value === "" ? null : value;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdminPage(request);
  const param = operatorParam(request);
  const operatorId = requestedOperator(user, param);
  // Another operator's sessions, asked for by a non-admin: as if there were no such page.
  if (operatorId === undefined) throw notFound();
  const admin = isAdmin(user);
  const [sessions, operators] = await Promise.all([
    liveSessions(operatorId),
    admin ? listOperators() : Promise.resolve([]),
  ]);
  const now = new Date();
  return data(
    {
      admin,
      /** The `?operator=` asked for (null: one's own), which the end forms post back to. */
      requested: param,
      selected: param === null ? String(user.operator.id) : param,
      showOperator: operatorId === null,
      viewing:
        operatorId === null
          ? "Every operator"
          : operatorId === user.operator.id
            ? "Yours"
            : (operators.find((operator) => operator.id === operatorId)?.name ?? "This operator"),
      operators: operators.map((operator) => ({
        id: operator.id,
        name: operator.name,
        email: operator.email,
      })),
      sessions: sessions.map((session) => ({
        id: session.publicId,
        device: deviceLabel(session.userAgent),
        userAgent: session.userAgent,
        operatorName: session.operatorName,
        operatorEmail: session.operatorEmail,
        current: session.publicId === user.sessionId,
        secondFactor: usedSecondFactor(session.authMethods),
        startedAt: session.createdAt.toISOString(),
        started: formatAdminTime(session.createdAt, now),
        lastSeenAt: session.lastSeenAt.toISOString(),
        lastSeen: formatAdminTime(session.lastSeenAt, now),
      })),
    },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

/** "End session": one's own (any role), or anyone's (an admin). Ending the current one signs out. */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleAdminButton({
    request,
    context,
    intents: ["end"],
    back: listHref(operatorParam(request)),
    failureMessage: "Failed to end the session. Please try again.",
    async run(form, user) {
      const session = form.get("session");
      if (typeof session !== "string") throw new Response("Bad Request", { status: 400, headers: ADMIN_CACHE_HEADERS });
      const outcome = await endOperatorSession(user as OperatorUser, session);
      // Another operator's session, to a non-admin, is not there: its id is not confirmed.
      if (outcome === "not_found") throw notFound();
      if (outcome === "ended_current") {
        return redirect("/", { headers: { ...ADMIN_CACHE_HEADERS, "Set-Cookie": await endSession(request) } });
      }
      return successToast("Session ended. That browser is signed out.");
    },
  });
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function Sessions() {
  const { admin, requested, selected, showOperator, viewing, operators, sessions } =
    useLoaderData<typeof loader>();
  const listUrl = listHref(requested);
  return (
    <>
      <AdminPageHeader
        title="Sessions"
        description={
          admin
            ? "Where operators are signed in. End a session to sign that browser out."
            : "Where you are signed in. End a session to sign that browser out."
        }
      />
      {admin ? <OperatorFilter operators={operators} selected={selected} /> : null}
      <section aria-labelledby="sessions-title">
        <h2 id="sessions-title" className="mb-3 text-lg font-semibold text-navy-950">
          {viewing === "Yours" ? "Your sessions" : `Sessions: ${viewing}`}{" "}
          <span className="text-sm font-normal text-navy-600">({sessions.length})</span>
        </h2>
        {sessions.length === 0 ? (
          <p className="text-sm text-navy-700">No one is signed in here.</p>
        ) : (
          <DataTable
            caption="Signed-in sessions, most recently seen first"
            minWidth="min-w-[44rem]"
            columns={[
              "Device",
              showOperator && "Operator",
              "Started",
              "Last seen",
              "Second factor",
              "Actions",
            ]}
          >
            {sessions.map((session) => (
              <SessionRow key={session.id} session={session} showOperator={showOperator} listUrl={listUrl} />
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}

function OperatorFilter({ operators, selected }: { operators: LoaderData["operators"]; selected: string }) {
  return (
    <ListFilter
      label="Sessions"
      idPrefix="sessions"
      clearTo="/admin/sessions"
      active={selected !== ALL_OPERATORS}
      fields={[
        {
          kind: "select",
          name: "operator",
          label: "Operator",
          value: selected,
          all: { label: "All operators", value: ALL_OPERATORS },
          options: operators.map((operator) => ({
            value: String(operator.id),
            label: `${operator.name} (${operator.email})`,
          })),
        },
      ]}
    />
  );
}

function SessionRow({
  session,
  showOperator,
  listUrl,
}: {
  session: LoaderData["sessions"][number];
  showOperator: boolean;
  listUrl: string;
}) {
  const name = `${session.device}, started ${session.started}`;
  return (
    <tr className="align-top">
      <RowHeadingCell>
        <span className="block">{session.device}</span>
        {session.current ? (
          <span className="mt-1 block">
            <StatusBadge tone="accent">This session</StatusBadge>
          </span>
        ) : null}
        {session.userAgent ? (
          <span className="mt-1 block text-xs font-normal break-all text-navy-600">{session.userAgent}</span>
        ) : null}
      </RowHeadingCell>
      {showOperator ? (
        <td className="px-4 py-3 [overflow-wrap:anywhere]">
          <span className="block text-navy-950">{session.operatorName}</span>
          <span className="block text-xs text-navy-600">{session.operatorEmail}</span>
        </td>
      ) : null}
      <TimeCell at={session.startedAt} text={session.started} />
      <TimeCell at={session.lastSeenAt} text={session.lastSeen} />
      <td className="px-4 py-3 whitespace-nowrap">{session.secondFactor ? "Yes" : "No"}</td>
      <td className="px-4 py-3">
        <Form method="post" action={listUrl} preventScrollReset>
          <input type="hidden" name="intent" value="end" />
          <input type="hidden" name="session" value={session.id} />
          <button type="submit" className={smallDangerButton}>
            {session.current ? "End and sign out" : "End session"}
            <span className="sr-only"> {name}</span>
          </button>
        </Form>
      </td>
    </tr>
  );
}

/** A session that is not there (ended meanwhile) shows inside the admin, sidebar and all. */
export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
