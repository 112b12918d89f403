import { company } from "./company";

/**
 * The standard "information only" disclaimer, reused on the home, About and Investors pages and in the
 * legal pages and the whitepaper. Its own module, so a page that shows it does not load the legal text.
 */
export const INVESTMENT_DISCLAIMER =
  `${company.shortName} provides information, tools and education only. Nothing we publish, and nothing in ${company.flagship.name}, is personalised investment advice or a recommendation to buy or sell any investment. ` +
  "The value of investments can fall as well as rise and you may get back less than you invest; your capital is at risk. " +
  "Forecasts and past performance are not reliable indicators of future results. If you are unsure whether an investment is suitable for you, speak to a regulated financial adviser.";
