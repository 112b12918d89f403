import type { posts } from "~/collections/posts";
import type { roles } from "~/collections/roles";

/** The collections edited on the publishing screens: the Newsroom's posts and the Careers page's roles. */
export type PublishingScreenCollection = typeof posts | typeof roles;
