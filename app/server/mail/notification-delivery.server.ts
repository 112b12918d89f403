import type { DatabaseHandle } from "~db/client.server";
import { company } from "~/content/company";
import type { Config } from "~/server/config.server";
import { startDelivery, type DeliveryLoop, type DeliveryOptions } from "./delivery.server";
import { createMailTransport } from "./mail-transport.server";
import { notificationEmail } from "./notification-email.server";
import { reviewDigestEmail } from "./review-digest-email.server";
import { waitlistEmail } from "./waitlist-email.server";
import { now } from "~/models/clock.server";
import { waitlistPlatforms, type WaitlistPlatform } from "~/models/waitlist.server";

/** The platforms with a waitlist, for the names in confirmation e-mails: read at start and refreshed as mail is sent. */
let knownPlatforms: readonly WaitlistPlatform[] = [];
function refreshPlatforms(): void {
  void waitlistPlatforms().then(
    (platforms) => (knownPlatforms = platforms),
    () => {},
  );
}

/** The company as notifications name it. */
const SITE_NAME = company.shortName;

/**
 * Starts this instance's delivery of message notifications as the configuration says (SMTP, or .eml files
 * on a local site), and says so in one start line. A deployed site without SMTP_URL delivers nothing: its
 * notifications stay queued until SMTP_URL is set and the server restarted.
 */
export async function startNotificationDelivery(
  database: Pick<DatabaseHandle, "listen">,
  config: Config,
  log: (message: string) => void,
): Promise<DeliveryLoop | null> {
  const from = config.mail.from.name ? `${config.mail.from.name} <${config.mail.from.address}>` : config.mail.from.address;
  const transport = createMailTransport(config.mail);
  if (!transport) {
    log("mail: SMTP_URL is not set: notifications of new messages are kept queued until it is");
    return null;
  }
  log(`mail: notifications of new messages are ${transport.description}, from ${from}`);
  refreshPlatforms();
  return startDelivery(database, {
    transport,
    compose: notificationComposer(config),
    composeWaitlist: waitlistComposer(config, () => {
      refreshPlatforms();
      return knownPlatforms;
    }),
    composeReviewDigest: reviewDigestComposer(config),
    log: (message) => log(`mail: ${message}`),
  });
}

/** The e-mail of a claimed notification, as this configuration sends it. */
export function notificationComposer(config: Config): DeliveryOptions["compose"] {
  return (notification) =>
    notificationEmail({
      notificationId: notification.id,
      recipient: notification.recipient,
      message: notification.message,
      from: config.mail.from,
      siteOrigin: config.publicUrl.origin,
      siteName: SITE_NAME,
    });
}

/** The confirmation e-mail of a waitlist entry, as this configuration sends it (null: nothing to send). */
export function waitlistComposer(config: Config, platforms: () => readonly WaitlistPlatform[]): NonNullable<DeliveryOptions["composeWaitlist"]> {
  return (notification, entry) =>
    waitlistEmail({
      notificationId: notification.id,
      entry,
      platforms: platforms(),
      from: config.mail.from,
      siteOrigin: config.publicUrl.origin,
      siteName: SITE_NAME,
      at: now(),
    });
}

/** The weekly digest of promotions due for review, as this configuration sends it. */
export function reviewDigestComposer(config: Config): NonNullable<DeliveryOptions["composeReviewDigest"]> {
  return (notification, digest) =>
    reviewDigestEmail({
      notificationId: notification.id,
      recipient: notification.recipient,
      digest,
      from: config.mail.from,
      siteOrigin: config.publicUrl.origin,
      siteName: SITE_NAME,
    });
}
