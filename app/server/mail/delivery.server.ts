import type Mail from "nodemailer/lib/mailer";
import type { DatabaseHandle } from "../../../db/client.server";
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
import { describeMailError, isPermanentFailure, type MailTransport } from "./mail-transport.server";

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
  /** Rows claimed at a time. */
  batchSize?: number;
  /** Claims being sent at a time. */
  claims?: number;
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

/**
 * Sends one claimed notification. A failure is recorded at once; a success answers true, to be recorded
 * with the rest of its batch.
 */
async function sendOne(notification: ClaimedNotification, options: DeliveryOptions, round: DeliveryRound): Promise<boolean> {
  const { id, claimToken, message } = notification;
  if (!message) {
    await dropClaimedNotification(id, claimToken);
    return false;
  }
  try {
    await options.transport.send(options.compose({ ...notification, message }), id);
    return true;
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
      await markNotificationRetry(id, claimToken, reason, retryAt);
      round.retrying++;
    }
    options.log?.(`notification ${id} to ${notification.recipient} not sent (attempt ${notification.attempts}): ${reason}`);
    return false;
  }
}

/**
 * Sends one claim's notifications side by side (the pooled transport bounds how many at once). Answers
 * those the server accepted, not yet recorded.
 */
async function sendBatch(batch: ClaimedNotification[], options: DeliveryOptions, round: DeliveryRound): Promise<ClaimedNotification[]> {
  const outcomes = await Promise.allSettled(batch.map((notification) => sendOne(notification, options, round)));
  const sent = batch.filter((_, i) => {
    const outcome = outcomes[i]!;
    return outcome.status === "fulfilled" && outcome.value;
  });
  const failure = outcomes.find((outcome) => outcome.status === "rejected");
  // A failure that could not be recorded (a statement failed): what was sent is still recorded first, and
  // what was not sent is given back to be tried again at once rather than when the lease lapses.
  if (failure) {
    await recordSent(sent, options, round);
    const unsent = batch.filter((_, i) => outcomes[i]!.status === "rejected").map((notification) => notification.id);
    await releaseClaimedNotifications(unsent, batch[0]!.claimToken).catch(() => {});
    throw failure.reason;
  }
  return sent;
}

/**
 * Records in one statement the mails of one claim that the server accepted. Should this update fail (the
 * database gone at that instant), the claim lapses and these mails are sent again: at least once, never lost.
 */
async function recordSent(sent: ClaimedNotification[], options: DeliveryOptions, round: DeliveryRound): Promise<void> {
  if (sent.length === 0) return;
  const ids = sent.map((notification) => notification.id);
  const recorded = new Set(await markNotificationsSent(ids, sent[0]!.claimToken, options.transport.via, now()));
  round.sent += recorded.size;
  // Erased, purged or deleted while it was being written: its copy must not outlive it. (A row another
  // instance took over after this claim lapsed is still there, and so is its file.)
  for (const id of ids) {
    if (!recorded.has(id) && !(await notificationExists(id))) await options.transport.discard?.(id);
  }
}

/**
 * Delivers everything that is due now until nothing due is left: `claims` claims at a time, each of up to
 * `batchSize` rows. A claim's sends are recorded while its next claim is taken (two statements in the
 * database's queue together, rather than one after the other).
 */
export async function deliverDue(options: DeliveryOptions, shouldStop: () => boolean = () => false): Promise<DeliveryRound> {
  const round: DeliveryRound = { sent: 0, retrying: 0, failed: 0 };
  const batchSize = options.batchSize ?? 50;
  const claim = async () => {
    let recording: Promise<void> = Promise.resolve();
    try {
      while (!shouldStop()) {
        const batch = await claimDueNotifications(batchSize, options.leaseMs ?? 120_000);
        if (batch.length === 0) break;
        const sent = await sendBatch(batch, options, round);
        await recording;
        recording = recordSent(sent, options, round);
        // Its failure is met by the await above or below, not left unhandled meanwhile.
        recording.catch(() => {});
        if (batch.length < batchSize) break;
      }
    } finally {
      await recording;
    }
  };
  const claims = await Promise.allSettled(Array.from({ length: options.claims ?? 3 }, claim));
  const failure = claims.find((outcome) => outcome.status === "rejected");
  if (failure) throw failure.reason;
  return round;
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
    interrupt?.();
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
        const round = await deliverDue(options, () => stopped);
        if (round.sent + round.retrying + round.failed > 0) {
          log(`notifications: ${round.sent} sent, ${round.retrying} to retry, ${round.failed} failed`);
        }
        if (stopped || woken) continue;
        const due = await nextNotificationDueAt();
        // At least a moment: a due row that another instance holds right now is not worth spinning for.
        pause = due === null ? idleMs : Math.min(idleMs, Math.max(MIN_PAUSE_MS, due.getTime() - now().getTime()));
      } catch (error) {
        // The database away: try again shortly, without spinning.
        log(`notification delivery paused: ${(error as Error).message}`);
        pause = options.errorPauseMs ?? 5_000;
      }
      if (!stopped && !woken) await sleep(pause);
    }
  })();

  let stopping: Promise<void> | undefined;
  return {
    wake,
    stop() {
      stopping ??= (async () => {
        stopped = true;
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
