// Apart from descriptions and transport, so that a description never depends on the transport.

export const TIMEOUT_PARAMETER = 'requestOptions.timeout';
export const DEFAULT_TIMEOUT_SECONDS = 30;
/** Longer is a stall, not patience; past Node's timer limit (24.8 days) a timeout fires at once. */
export const MAX_TIMEOUT_SECONDS = 3600;

/** Enough to hide a page's latency, small enough to be gentle on a shared rate limit. */
export const DEFAULT_PAGE_CONCURRENCY = 5;
export const MAX_PAGE_CONCURRENCY = 10;

/** Story › Generate answers in 30 to 90 s; Storydoc's reference asks clients to wait at least 180 s. */
export const GENERATE_TIMEOUT_SECONDS = 180;

export const ITEMS_IN_PARALLEL_PARAMETER = 'requestOptions.itemsInParallel';
/** Stories, the account, analytics (no limit published): docs/development.md › Items in parallel. */
export const DEFAULT_ITEMS_IN_PARALLEL = 50;
/** A whole window of the version limit: its last requests then wait for no earlier answer. */
export const VERSION_ITEMS_IN_PARALLEL = 150;
/** Generations hold a connection for up to 3 minutes each and spend AI credits. */
export const GENERATE_ITEMS_IN_PARALLEL = 10;
/** Longer than Storydoc takes to refuse a request (docs/development.md › Items in parallel): the first item waits no more. */
export const FIRST_ALONE_MAX_MS = 2_000;
/** A whole window of the version limit; more in flight can never be sent sooner. */
export const MAX_ITEMS_IN_PARALLEL = 150;

/** Web analytics' usual idle time that ends a visit; a day is the most that still reads as one visit. */
export const DEFAULT_SESSION_GAP_MINUTES = 30;
export const MAX_SESSION_GAP_MINUTES = 1440;

/** The highest slide a story can have, for Slide Reached and Last Slide: no story has a thousand. */
export const MAX_SLIDE = 1000;
