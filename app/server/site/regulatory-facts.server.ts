import { now } from "~/models/clock.server";
import { getRegulatoryStatus } from "~/models/regulatory-status.server";
import { fillRegulatoryFacts, regulatoryFactsOf, type RegulatoryFacts } from "~/utils/regulatory-facts";

/** The regulatory status record's facts in effect now (a scheduled status once its time has come). */
export async function currentRegulatoryFacts(): Promise<RegulatoryFacts> {
  return regulatoryFactsOf(await getRegulatoryStatus(), now());
}

/** A page's content with the record's facts written in where it has their tokens. */
export async function withCurrentFacts<T>(content: T): Promise<T> {
  return fillRegulatoryFacts(content, await currentRegulatoryFacts());
}
