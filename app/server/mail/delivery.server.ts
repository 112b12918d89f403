import type Mail from "nodemailer/lib/mailer";
import type { DatabaseHandle } from "../../../db/client.server";
import { now } from "~/models/clock.server";
import {
  claimDueNotifications,
  dropClaimedNotification,
  GIVE_UP_AFTER_MS,
  markNotificationFailed,
  markNotificationRetry,
  markNotificationSent,
  nextNotificationDueAt,
  notificationExists,
  OUTBOX_CHANNEL,
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

/** Sends one claimed notification and records what became of it. */
async function deliverOne(notification: ClaimedNotification, options: DeliveryOptions, round: DeliveryRound): Promise<void> {
  const { id, claimToken, message } = notification;
  if (!message) return dropClaimedNotification(id, claimToken);
  try {
    await options.transport.send(options.compose({ ...notification, message }), id);
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
    return;
  }
  // Accepted by the server: recorded before anything else is claimed. Should this update fail (the
  // database gone at that instant), the claim lapses and the mail is sent again: at least once, never lost.
  const recorded = await markNotificationSent(id, claimToken, options.transport.via, now());
  // Erased, purged or deleted while it was being written: its copy must not outlive it. (A row another
  // instance took over after this claim lapsed is still there, and so is its file.)
  if (!recorded && !(await notificationExists(id))) await options.transport.discard?.(id);
  if (recorded) round.sent++;
}

/** Delivers everything that is due now, a batch at a time, until nothing due is left. */
export async function deliverDue(options: DeliveryOptions, shouldStop: () => boolean = () => false): Promise<DeliveryRound> {
  const round: DeliveryRound = { sent: 0, retrying: 0, failed: 0 };
  const batchSize = options.batchSize ?? 10;
  while (!shouldStop()) {
    const batch = await claimDueNotifications(batchSize, options.leaseMs ?? 120_000);
    if (batch.length === 0) break;
    await Promise.all(batch.map((notification) => deliverOne(notification, options, round)));
    if (batch.length < batchSize) break;
  }
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
