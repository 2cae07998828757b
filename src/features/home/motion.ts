/** SPEC section 9's timings of the home page's moving parts (the CSS transitions match them). */
export const SLIDE_INTERVAL_MS = 4000;
export const SLIDE_TRANSITION_MS = 1500;
export const TICKER_INTERVAL_MS = 4000;
export const TICKER_TRANSITION_MS = 1000;
/** Counters step by target/200 every 10 ms. */
export const COUNTER_TICK_MS = 10;
export const COUNTER_STEPS = 200;
