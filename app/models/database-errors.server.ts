/** For routes: whether a model's failure was the database's (503, try again) rather than a bug (500). */
export { describeDatabaseError, isDatabaseUnavailable } from "~db/errors.server";
