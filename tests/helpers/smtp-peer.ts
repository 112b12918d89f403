import net from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";

/** A mail the peer accepted: who it was for (RCPT TO, not the headers), and the message as parsed. */
export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
  parsed: ParsedMail;
}

/** What the peer does with the next mail: take it, refuse it for now (4xx) or for good (5xx). */
export type PeerMode = "accept" | "refuse-temporarily" | "refuse-permanently";

/** A recipient the peer refused at RCPT TO, and the code it answered. */
export interface RefusedRecipient {
  to: string;
  code: number;
}

export interface SmtpPeer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Every RCPT TO the peer answered with a refusal (so a test can see an attempt reached it). */
  refused: RefusedRecipient[];
  mode: PeerMode;
  /** Stops listening: connections are refused, as with a server that is down. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A real SMTP server on loopback for the tests (the `smtp-server` package): plain SMTP without STARTTLS,
 * with a login, keeping every mail it accepts. `closeTimeoutMs`: how long stop() lets connections already
 * open (a client's pooled ones, which may go on sending) live before it answers them 421 and closes them;
 * smtp-server's own 30 s when not given.
 */
export async function startSmtpPeer(options: { user?: string; password?: string; closeTimeoutMs?: number } = {}): Promise<SmtpPeer> {
  const user = options.user ?? "notifier";
  const password = options.password ?? "s3cret";
  const closeTimeout = options.closeTimeoutMs;
  const port = await freePort();
  const peer: SmtpPeer = {
    port,
    url: `smtp://${user}:${password}@127.0.0.1:${port}`,
    received: [],
    refused: [],
    mode: "accept",
    stop: async () => {},
    start: async () => {},
    close: async () => {},
  };
  let server: SMTPServer | undefined;
  const make = () =>
    new SMTPServer({
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      authMethods: ["PLAIN", "LOGIN"],
      logger: false,
      ...(closeTimeout !== undefined ? { closeTimeout } : {}),
      onAuth(auth, _session, callback) {
        if (auth.username === user && auth.password === password) callback(null, { user });
        else callback(new Error("Invalid username or password"));
      },
      onRcptTo(address, _session, callback) {
        if (peer.mode === "refuse-temporarily") {
          peer.refused.push({ to: address.address, code: 451 });
          return callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
        }
        if (peer.mode === "refuse-permanently") {
          peer.refused.push({ to: address.address, code: 550 });
          return callback(Object.assign(new Error("No such mailbox"), { responseCode: 550 }));
        }
        callback();
      },
      onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          void simpleParser(raw).then((parsed) => {
            peer.received.push({
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              envelopeTo: session.envelope.rcptTo.map((to) => to.address),
              raw,
              parsed,
            });
            callback();
          }, callback);
        });
      },
    });
  peer.start = () =>
    new Promise<void>((resolve, reject) => {
      server = make();
      server.on("error", () => {});
      server.listen(port, "127.0.0.1", () => resolve());
      server.server.once("error", reject);
    });
  peer.stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      const closing = server;
      server = undefined;
      closing.close(() => resolve());
    });
  peer.close = peer.stop;
  await peer.start();
  return peer;
}

/** Forgets what the peer received and refused, and accepts again: a clean slate for the next test. */
export function resetSmtpPeer(peer: SmtpPeer): void {
  peer.received.length = 0;
  peer.refused.length = 0;
  peer.mode = "accept";
}

/** Waits until `check` holds (polling), or fails with `what` after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
