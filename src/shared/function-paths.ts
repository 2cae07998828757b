/**
 * Paths outside /api/* that a Netlify Function of ours answers (netlify/functions/events.ts): the
 * framework's server handler is kept off them (vite.config.ts), as it is off /api/*. A test keeps
 * this list equal to the functions' own `config.path`.
 */
export const FUNCTION_PATHS_OUTSIDE_API = ["/events.ics", "/events/:slug.ics"] as const;
