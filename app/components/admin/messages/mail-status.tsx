/** How notifications leave this site, as the configuration says (filled on the server). */
export interface MailStatusView {
  mode: "smtp" | "file" | "off";
  /** "sent over SMTP through smtp://ops@mail.example.com:587", "written as .eml files in /srv/data/mail". */
  description: string;
  from: string;
}

/** A line at the top of the Notifications screen: where the e-mails go, or that they cannot go yet. */
export function MailStatus({ mail }: { mail: MailStatusView }) {
  if (mail.mode === "off") {
    return (
      <p className="mb-4 rounded-md border border-amber-700 bg-amber-50 px-4 py-3 text-sm text-amber-950">
        <strong className="font-semibold">Mail is not set up.</strong> Notifications are kept queued until
        whoever runs the site gives it a mail server and restarts it; none is lost meanwhile.
      </p>
    );
  }
  return (
    <p className="mb-4 rounded-md border border-navy-200 bg-navy-50 px-4 py-3 text-sm text-navy-800">
      {mail.mode === "file" ? (
        <>
          This is a local site: notifications are kept as e-mail files on the server, from{" "}
          <span className="break-all">{mail.from}</span>, and nothing is e-mailed until it is given a mail
          server.
        </>
      ) : (
        <>
          Notifications are {mail.description}, from <span className="break-all">{mail.from}</span>.
        </>
      )}
    </p>
  );
}
