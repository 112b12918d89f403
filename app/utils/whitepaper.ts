import { home } from "~/content/home";

/** "Download PDF": served with Content-Disposition: attachment by routes/whitepaper.download.ts. */
export const WHITEPAPER_DOWNLOAD_PATH = "/whitepaper/download";
/** "View in browser": the static file, which browsers show inline. */
export const WHITEPAPER_VIEW_PATH = home.whitepaper.href;
export const WHITEPAPER_FILENAME = "kestrel-insight-whitepaper.pdf";
