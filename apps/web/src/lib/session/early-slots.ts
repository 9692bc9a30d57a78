// Import-free, for vite.config.ts too: a slot in a page's early request path (build-pages.ts `requests`) that the
// boot entry fills when it starts the request.

/** Today's date in West Africa Time (YYYY-MM-DD), as the screen's first request asks for it (the day book's). */
export const WAT_TODAY_SLOT = "{watToday}";
