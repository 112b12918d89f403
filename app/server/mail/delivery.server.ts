import type Mail from "nodemailer/lib/mailer";
import type { DatabaseHandle } from "~db/client.server";
import { now } from "~/models/clock.server";
import {
  claimDueNotifications,
  dropClaimedNotification,
  GIVE_UP_AFTER_MS,
  markNotificationFailed,
  markNotificationRetry,
  markNotificationsSent,
  nextNotificationDueAt,
  notificationExists,
  OUTBOX_CHANNEL,
  releaseClaimedNotifications,
  setDeliveryWaker,
  type ClaimedNotification,
} from "~/models/notifications.server";
import { describeMailError, isPermanentFailure, isServerUnavailable, type MailTransport } from "./mail-transport.server";

/** The first retry comes within 10 seconds; each waits up to twice as long as the one before, at most 10 minutes. */
const FIRST_RETRY_MS = 10_000;
const LONGEST_RETRY_MS = 10 * 60_000;
const MIN_PAUSE_MS = 200;

/**
 * How long to wait before attempt `attempts + 1`: exponential, capped, with jitter (half the ceiling plus a
 * random share of the other half), so that the instances and rows that failed together do not retry together.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export interface DeliveryOptions {
  transport: MailTransport;
  /** The e-mail for one claimed notification (its message is there). */
  compose: (notification: ClaimedNotification & { message: NonNullable<ClaimedNotification["message"]> }) => Mail.Options;
  /**
   * The e-mail of a waitlist entry's notification (its confirmation), or null when there is nothing to send
   * any more (confirmed, unsubscribed or expired meanwhile). Without it such rows stay queued.
   */
  composeWaitlist?: (notification: ClaimedNotification, entry: NonNullable<ClaimedNotification["waitlistEntry"]>) => Mail.Options | null;
  /** The e-mail of a weekly digest of promotions due for review. Without it such rows stay queued. */
  composeReviewDigest?: (notification: ClaimedNotification, digest: NonNullable<ClaimedNotification["reviewDigest"]>) => Mail.Options | null;
  /** Rows one claim takes at most. */
  batchSize?: number;
  /** Claims waiting on the database at once while there is a backlog (otherwise one). */
  claims?: number;
  /** Mails handed to the transport at once (by default twice its connections: none idles between two mails). */
  sendsAtOnce?: number;
  /** How long a claim holds: longer than any send can take (the transport's timeouts are 10-30 s). */
  leaseMs?: number;
  random?: () => number;
  log?: (message: string) => void;
}

export interface DeliveryRound {
  sent: number;
  retrying: number;
  failed: number;
}

const BATCH_SIZE = 100;
const CLAIMS = 3;
const LEASE_MS = 120_000;
/**
 * A claimed row still waiting to be sent this close to the end of its lease is given back instead: a send
 * may take this long (the transport's timeouts), and must be over before another instance may take the row.
 */
const SEND_MARGIN_MS = 60_000;

/**
 * The outbox's sender, a pipeline rather than rounds: claims wait on the database while earlier rows are
 * being sent, each mail is handed to the transport as soon as a connection is free (never waiting for the
 * rest of its batch), and the mails the server accepted are recorded together, in one statement per
 * record, while more are sent (what is accepted while one record is on its way goes in the next).
 *
 * A mail is recorded sent only after the server accepted it; a row that was sent but could not be recorded
 * keeps its claim and is recorded by the next record (or sent again once its lease lapses, should this
 * instance die first): at least once, never lost.
 */
class Sender {
  private readonly batchSize: number;
  private readonly claims: number;
  private readonly sendsAtOnce: number;
  private readonly leaseMs: number;
  /** Rows claimed and not yet finished that the sender holds at most: two claims' worth. */
  private readonly window: number;

  /** Claimed, waiting for a free connection. */
  private readonly waiting: ClaimedNotification[] = [];
  /** Accepted by the mail server, not yet recorded. */
  private readonly unrecorded: ClaimedNotification[] = [];
  private claiming = 0;
  /** Rows the claims waiting on the database may bring. */
  private reserved = 0;
  private sending = 0;
  /** Statements giving rows back on their way. */
  private givingBack = 0;
  private recording = false;
  /** Something may be due that no claim on its way will see: a claim came back full, or a wake. */
  private due = true;
  /** The last claim came back full: more was due than it could take. */
  private backlog = false;
  private failure: { error: unknown } | undefined;
  /**
   * No claims before this (the model clock's ms): the mail server could not be used, and claiming more
   * would only fail them too and push each one's retry further back.
   */
  private holdUntil = 0;
  private round: DeliveryRound = { sent: 0, retrying: 0, failed: 0 };
  private settle: (() => void) | undefined;

  constructor(
    private readonly options: DeliveryOptions,
    private readonly shouldStop: () => boolean,
  ) {
    this.batchSize = options.batchSize ?? BATCH_SIZE;
    this.claims = options.claims ?? CLAIMS;
    this.sendsAtOnce = options.sendsAtOnce ?? 2 * options.transport.connections;
    this.leaseMs = options.leaseMs ?? LEASE_MS;
    this.window = 2 * this.batchSize;
  }

  /** Something new is due: claim again, even if the last claim found nothing more. */
  wake(): void {
    this.due = true;
    if (this.settle) this.pump();
  }

  /**
   * Claims and sends until nothing due is left and nothing is on its way. Rejects with the first
   * statement that failed (the database away), once what was being sent is done.
   */
  run(): Promise<DeliveryRound> {
    this.round = { sent: 0, retrying: 0, failed: 0 };
    this.failure = undefined;
    this.due = true;
    return new Promise<DeliveryRound>((resolve, reject) => {
      this.settle = () => {
        this.settle = undefined;
        if (this.failure) reject(this.failure.error);
        else resolve(this.round);
      };
      this.pump();
    });
  }

  private get stopping(): boolean {
    return this.failure !== undefined || this.shouldStop();
  }

  /** How long claims are held back after the mail server could not be used: 0 when they are not. */
  heldForMs(): number {
    return Math.max(0, this.holdUntil - now().getTime());
  }

  /** Starts whatever can start now; settles the run once nothing is left to do. */
  private pump(): void {
    if (this.stopping) {
      // Claimed but not begun: given back now rather than when the lease lapses.
      this.giveBack(this.waiting.splice(0));
    } else {
      const holding = this.heldForMs() > 0;
      while (!holding && this.due && this.claiming < this.claimsAtOnce() && this.held() < this.window) this.claim();
      while (this.sending < this.sendsAtOnce && this.waiting.length > 0) this.send(this.waiting.shift()!);
    }
    if (!this.failure) this.record();
    const idle = this.claiming + this.sending + this.givingBack + this.waiting.length === 0 && !this.recording;
    if (idle && (this.stopping || !this.due || this.heldForMs() > 0)) this.settle?.();
  }

  /**
   * One claim at a time while claims find all that is due (each statement is a wait in the database's
   * queue, which on the embedded database the visitors' requests share); more at once while there is a
   * backlog (the last claim came back full).
   */
  private claimsAtOnce(): number {
    return this.backlog ? this.claims : 1;
  }

  private held(): number {
    return this.reserved + this.waiting.length + this.sending;
  }

  private fail(error: unknown): void {
    this.failure ??= { error };
  }

  private claim(): void {
    const limit = Math.min(this.batchSize, this.window - this.held());
    this.due = false;
    this.claiming++;
    this.reserved += limit;
    claimDueNotifications(limit, this.leaseMs)
      .then((batch) => {
        this.backlog = batch.length === limit;
        if (this.backlog) this.due = true;
        this.waiting.push(...batch);
      })
      .catch((error: unknown) => this.fail(error))
      .finally(() => {
        this.claiming--;
        this.reserved -= limit;
        this.pump();
      });
  }

  private send(notification: ClaimedNotification): void {
    this.sending++;
    this.deliver(notification)
      .catch((error: unknown) => this.fail(error))
      .finally(() => {
        this.sending--;
        this.pump();
      });
  }

  /** Sends one claimed notification; a failure is recorded at once, a success with the next record. */
  private async deliver(notification: ClaimedNotification): Promise<void> {
    const { id, claimToken, message, waitlistEntry, reviewDigest } = notification;
    const { options, round } = this;
    if (!message && !waitlistEntry && !reviewDigest) {
      await dropClaimedNotification(id, claimToken);
      return;
    }
    let mail: Mail.Options | null;
    if (message) {
      mail = options.compose({ ...notification, message });
    } else if (waitlistEntry && options.composeWaitlist) {
      mail = options.composeWaitlist(notification, waitlistEntry);
    } else if (reviewDigest && options.composeReviewDigest) {
      mail = options.composeReviewDigest(notification, reviewDigest);
    } else {
      await releaseClaimedNotifications([notification]);
      return;
    }
    if (!mail) {
      await dropClaimedNotification(id, claimToken);
      return;
    }
    const margin = Math.min(SEND_MARGIN_MS, this.leaseMs / 2);
    if (notification.claimedUntil.getTime() - now().getTime() < margin) {
      await releaseClaimedNotifications([notification]);
      return;
    }
    try {
      await options.transport.send(mail, id);
    } catch (error) {
      const reason = describeMailError(error);
      const at = now();
      if (isPermanentFailure(error)) {
        await markNotificationFailed(id, claimToken, reason);
        round.failed++;
      } else if (at.getTime() - notification.firstAttemptAt.getTime() >= GIVE_UP_AFTER_MS) {
        await markNotificationFailed(id, claimToken, `Gave up after 24 hours of retrying: ${reason}`);
        round.failed++;
      } else {
        const retryAt = new Date(at.getTime() + retryDelayMs(notification.attempts, options.random));
        // Held as long as a first retry waits (not this row's own backoff, which may have grown to minutes).
        if (isServerUnavailable(error)) this.holdUntil = at.getTime() + retryDelayMs(1, options.random);
        await markNotificationRetry(id, claimToken, reason, retryAt);
        round.retrying++;
      }
      options.log?.(`notification ${id} to ${notification.recipient} not sent (attempt ${notification.attempts}): ${reason}`);
      return;
    }
    this.unrecorded.push(notification);
  }

  /**
   * Records in one statement every mail accepted since the last record. Should it fail (the database gone
   * at that instant), they are kept for the next one.
   */
  private record(): void {
    if (this.recording || this.unrecorded.length === 0) return;
    const sent = this.unrecorded.splice(0);
    this.recording = true;
    (async () => {
      const recorded = new Set(await markNotificationsSent(sent, this.options.transport.via, now()));
      this.round.sent += recorded.size;
      // Erased, purged or deleted while it was being written: its copy must not outlive it. (A row another
      // instance took over after this claim lapsed is still there, and so is its file.)
      for (const { id } of sent) {
        if (!recorded.has(id) && !(await notificationExists(id))) await this.options.transport.discard?.(id);
      }
    })()
      .catch((error: unknown) => {
        this.unrecorded.unshift(...sent);
        this.fail(error);
      })
      .finally(() => {
        this.recording = false;
        this.pump();
      });
  }

  private giveBack(rows: ClaimedNotification[]): void {
    if (rows.length === 0) return;
    this.givingBack++;
    releaseClaimedNotifications(rows)
      .catch(() => {})
      .finally(() => {
        this.givingBack--;
        this.pump();
      });
  }
}

/**
 * Delivers everything that is due now until nothing due is left: claims of up to `batchSize` rows, up to
 * `claims` of them waiting on the database at once while earlier rows are sent.
 */
export function deliverDue(options: DeliveryOptions, shouldStop: () => boolean = () => false): Promise<DeliveryRound> {
  return new Sender(options, shouldStop).run();
}

export interface DeliveryLoop {
  /** Finishes what is being sent, then stops claiming; resolves once nothing is in flight. */
  stop(): Promise<void>;
  /** Wakes the loop now (a new notification). */
  wake(): void;
}

/**
 * This instance's delivery loop: delivers what is due, then sleeps until the next queued notification
 * falls due, at most `idleMs` (a safety net), and wakes at once when a notification is queued: from this
 * instance directly, from others by LISTEN (PostgreSQL; the embedded database has one instance).
 */
export async function startDelivery(
  database: Pick<DatabaseHandle, "listen">,
  options: DeliveryOptions & { idleMs?: number; errorPauseMs?: number },
): Promise<DeliveryLoop> {
  const idleMs = options.idleMs ?? 60_000;
  const log = options.log ?? (() => {});
  let stopped = false;
  let woken = false;
  let interrupt: (() => void) | undefined;

  const wake = () => {
    woken = true;
    sender.wake();
    // While the mail server cannot be used, a new notification waits with the rest.
    if (sender.heldForMs() === 0) interrupt?.();
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        interrupt = undefined;
        resolve();
      }
      interrupt = done;
    });

  const sender = new Sender(options, () => stopped);
  setDeliveryWaker(wake);
  const unlisten = await database.listen(OUTBOX_CHANNEL, wake, wake).catch((error: unknown) => {
    log(`not listening for new notifications (polling every ${idleMs / 1000} s instead): ${(error as Error).message}`);
    return async () => {};
  });

  const running = (async () => {
    while (!stopped) {
      woken = false;
      let pause = 0;
      try {
        const round = await sender.run();
        if (round.sent + round.retrying + round.failed > 0) {
          log(`notifications: ${round.sent} sent, ${round.retrying} to retry, ${round.failed} failed`);
        }
        if (stopped) continue;
        const held = sender.heldForMs();
        if (held > 0) {
          pause = Math.min(idleMs, held);
        } else {
          if (woken) continue;
          const due = await nextNotificationDueAt();
          // At least a moment: a due row that another instance holds right now is not worth spinning for.
          pause = due === null ? idleMs : Math.min(idleMs, Math.max(MIN_PAUSE_MS, due.getTime() - now().getTime()));
        }
      } catch (error) {
        // The database away: try again shortly, without spinning.
        log(`notification delivery paused: ${(error as Error).message}`);
        pause = options.errorPauseMs ?? 5_000;
      }
      if (!stopped && (!woken || sender.heldForMs() > 0)) await sleep(pause);
    }
  })();

  let stopping: Promise<void> | undefined;
  return {
    wake,
    stop() {
      stopping ??= (async () => {
        stopped = true;
        // Rows claimed and not yet begun are given back at once.
        sender.wake();
        interrupt?.();
        await running;
        setDeliveryWaker(undefined);
        await unlisten().catch(() => {});
        options.transport.close();
      })();
      return stopping;
    },
  };
}
